import { useEffect, useState } from 'react';

type Renderer = typeof import('./katexRender');

let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

function loadRenderer(): Promise<Renderer> {
  loading ??= import('./katexRender').then((m) => (renderer = m));
  return loading;
}

/** Starts loading KaTeX ahead of need (e.g. when a disclosure with formulas is about to open). */
export function preloadTex(): void {
  void loadRenderer().catch(() => undefined);
}

/**
 * A formula rendered by KaTeX. Until KaTeX has loaded (a few ms, same origin) the TeX source is shown as
 * plain text, so nothing is ever missing.
 */
export function TeX({ children, block = false }: { children: string; block?: boolean }) {
  const [, setLoaded] = useState(renderer !== null);
  useEffect(() => {
    if (renderer) return;
    let alive = true;
    loadRenderer().then(
      () => alive && setLoaded(true),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  const Tag = block ? 'div' : 'span';
  if (!renderer)
    return <Tag className={block ? 'tex tex-block tex-pending' : 'tex tex-pending'}>{children}</Tag>;
  return (
    <Tag
      className={block ? 'tex tex-block' : 'tex'}
      // Trusted input: constant formulas written in this module's callers, rendered by KaTeX with trust: false.
      dangerouslySetInnerHTML={{ __html: renderer.renderTex(children, block) }}
    />
  );
}
