// The icons of the first screen (the header, the pools list, the error page, and the loading icon
// Ant Design's Button imports), drawn from @ant-design/icons-svg's definitions with the markup and
// classes @ant-design/icons gives them (`<span role="img" aria-label class="anticon anticon-…">`
// around an `aria-hidden` svg of 1em in the current colour), so they look and read the same.
// @ant-design/icons' component layer (its icon wrapper, style insertion and one module per icon)
// then stays off the first screen: 3.5 KB gzip (scripts/bench-bundle.mjs). Its `.anticon` rules,
// which it inserts when one of its own icons renders, are in app/global.css. Other pages use
// @ant-design/icons as usual.
import { createElement, type CSSProperties, type ReactElement } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import CloseCircleFilledSvg from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CompassOutlinedSvg from '@ant-design/icons-svg/es/asn/CompassOutlined';
import DownOutlinedSvg from '@ant-design/icons-svg/es/asn/DownOutlined';
import GlobalOutlinedSvg from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import InfoCircleFilledSvg from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import LoadingOutlinedSvg from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import MenuOutlinedSvg from '@ant-design/icons-svg/es/asn/MenuOutlined';
import MoonOutlinedSvg from '@ant-design/icons-svg/es/asn/MoonOutlined';
import RightOutlinedSvg from '@ant-design/icons-svg/es/asn/RightOutlined';
import SunOutlinedSvg from '@ant-design/icons-svg/es/asn/SunOutlined';
import UserOutlinedSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import WalletOutlinedSvg from '@ant-design/icons-svg/es/asn/WalletOutlined';

interface IconProps {
  style?: CSSProperties;
  className?: string;
  'aria-hidden'?: boolean;
}

/** React's names of the SVG attributes (`fill-rule` is `fillRule`), as @ant-design/icons renames them. */
const reactAttrs = (attrs: AbstractNode['attrs']) => Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name.replace(/-(.)/g, (_, c: string) => c.toUpperCase()), value]));

function draw({ tag, attrs, children = [] }: AbstractNode, key?: number, root?: object): ReactElement {
  return createElement(tag, { key, ...reactAttrs(attrs), ...root }, ...children.map((child, index) => draw(child, index)));
}

function icon({ name, icon: node }: IconDefinition) {
  // The loading icon turns, as @ant-design/icons turns it (`anticon-spin`).
  const classes = `anticon anticon-${name}${name === 'loading' ? ' anticon-spin' : ''}`;
  return function Icon({ className, ...props }: IconProps) {
    return (
      <span role="img" aria-label={name} {...props} className={className ? `${classes} ${className}` : classes}>
        {draw(node as AbstractNode, undefined, { 'data-icon': name, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' })}
      </span>
    );
  };
}

export const CloseCircleFilled = icon(CloseCircleFilledSvg);
export const CompassOutlined = icon(CompassOutlinedSvg);
export const DownOutlined = icon(DownOutlinedSvg);
export const GlobalOutlined = icon(GlobalOutlinedSvg);
export const InfoCircleFilled = icon(InfoCircleFilledSvg);
export const LoadingOutlined = icon(LoadingOutlinedSvg);
export const MenuOutlined = icon(MenuOutlinedSvg);
export const MoonOutlined = icon(MoonOutlinedSvg);
export const RightOutlined = icon(RightOutlinedSvg);
export const SunOutlined = icon(SunOutlinedSvg);
export const UserOutlined = icon(UserOutlinedSvg);
export const WalletOutlined = icon(WalletOutlinedSvg);
