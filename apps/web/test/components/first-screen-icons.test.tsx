// The first screen's own icons (ui/first-screen-icons.tsx) must render what @ant-design/icons renders
// for the same icon, so that they look and read the same as the other pages' icons.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import * as antd from '@ant-design/icons';
import * as own from '../../src/ui/first-screen-icons';

describe('first-screen icons', () => {
  const names = Object.keys(own) as (keyof typeof own)[];

  it.each(names)('%s is drawn as @ant-design/icons draws it', (name) => {
    const Own = own[name];
    const Antd = antd[name];
    expect(renderToStaticMarkup(<Own />)).toBe(renderToStaticMarkup(<Antd />));
    expect(renderToStaticMarkup(<Own className="x" style={{ fontSize: 10 }} aria-hidden />)).toBe(renderToStaticMarkup(<Antd className="x" style={{ fontSize: 10 }} aria-hidden />));
  });
});
