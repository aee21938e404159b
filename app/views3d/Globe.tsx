/** The globe of the sphere views (regression and Fréchet mean): a shaded unit sphere with a graticule. */
import { useEffect, useMemo } from 'react';
import * as THREE from 'three';
import { lambert } from './materials';
import { VIEW_COLOURS as C } from './palette';
import { Hairlines } from './primitives';

type P3 = readonly [number, number, number];

/** Faint lines of latitude and longitude every 30° (orientation while orbiting). */
export function Graticule() {
  const positions = useMemo(() => {
    const pts: number[] = [];
    const r = 1.002;
    const N = 96;
    const push = (f: (t: number) => P3) => {
      for (let i = 0; i < N; i++) pts.push(...f(i / N), ...f((i + 1) / N));
    };
    for (let lat = -60; lat <= 60; lat += 30) {
      const phi = (lat * Math.PI) / 180;
      push((t) => [
        r * Math.cos(phi) * Math.cos(2 * Math.PI * t),
        r * Math.sin(phi),
        r * Math.cos(phi) * Math.sin(2 * Math.PI * t),
      ]);
    }
    for (let lon = 0; lon < 180; lon += 30) {
      const th = (lon * Math.PI) / 180;
      push((t) => [
        r * Math.cos(2 * Math.PI * t) * Math.cos(th),
        r * Math.sin(2 * Math.PI * t),
        r * Math.cos(2 * Math.PI * t) * Math.sin(th),
      ]);
    }
    return Float32Array.from(pts);
  }, []);
  return <Hairlines positions={positions} colour={C.graticule} opacity={0.35} />;
}

export function Globe() {
  const geometry = useMemo(() => new THREE.SphereGeometry(1, 96, 64), []);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return <mesh geometry={geometry} material={lambert(C.globe, { polygonOffset: true })} renderOrder={-1} />;
}
