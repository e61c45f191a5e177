// A feature's page of the operators' area (/admin/<key>): a route of the table like any other, so
// the table gives it its address, title, access and place in the area's side menu (the `admin`
// menu; app/layout/AdminLayout.tsx). `roles` are the operator roles of the server routes the page
// calls (their `access.operator(...)` / `access.admin`; [] is admin only): the server does not
// publish its policies, so the owning feature states them here, once, and the server still
// checks every call. The page is the feature's component in its frame (frames/AdminSection.tsx:
// the title as heading, the operator's timezone), both loaded when the page is first opened.
import { createElement, type ComponentType } from 'react';
import type { OperatorRole } from '@hashpool/shared';
import { inMenu } from '../routing/route-table';
import type { AdminPageProps } from '../frames/AdminSection';
import type { PageModule, RouteDef } from './feature';

export type { AdminPageProps };

/** The page module of an operators' component, in its frame. */
export function adminPage(load: () => Promise<ComponentType<AdminPageProps>>): () => Promise<PageModule> {
  return async () => {
    const [{ AdminSection }, section] = await Promise.all([import('../frames/AdminSection'), load()]);
    return { default: () => createElement(AdminSection, { section }) };
  };
}

export interface AdminRouteOptions {
  /** The last part of the address: /admin/<key>. */
  key: string;
  /** Position in the side menu, ascending. */
  order: number;
  /** The page's title and menu label as an i18n key ("namespace:key"), in the owning feature's namespace. */
  title: string;
  roles: readonly OperatorRole[];
  load: () => Promise<ComponentType<AdminPageProps>>;
}

export function adminRoute({ key, order, title, roles, load }: AdminRouteOptions): RouteDef {
  return { path: `/admin/${key}`, access: { operator: roles }, title, menu: [inMenu('admin', order)], page: adminPage(load) };
}
