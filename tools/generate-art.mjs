#!/usr/bin/env node
// TrailBuddy artwork generator.
//
// Composes SVG in code and rasterises it with sharp to produce every image the
// product ships: place illustrations and trail maps for the demo seed data,
// the preset avatars, the demo people's portraits and the brand mark.
// Everything is driven by a seeded pseudo-random generator, so re-running the
// script rewrites identical files. See tools/README.md.
//
//   node tools/generate-art.mjs            # write all images
//   node tools/generate-art.mjs --sheets   # also write contact sheets to /tmp
//   node tools/generate-art.mjs --only=canyon   # one place and its map (--only=people: the portraits)

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const serverRoot = path.join(repoRoot, 'apps/server');
const OUT = {
  places: path.join(serverRoot, 'src/db/seed/images/places'),
  maps: path.join(serverRoot, 'src/db/seed/images/maps'),
  avatars: path.join(repoRoot, 'apps/web/public/avatars'),
  people: path.join(repoRoot, 'apps/web/public/people'),
  brand: path.join(repoRoot, 'apps/web/public/brand'),
};
const FONT = 'system-ui, sans-serif';

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

function hashString(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function makeRng(seed) {
  let a = hashString(seed);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => Math.floor(lo + (hi - lo + 1) * next()),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
  };
}

function noise1D(rng, n = 64) {
  const v = Array.from({ length: n }, () => rng.next() * 2 - 1);
  return (x) => {
    const xi = Math.floor(x);
    const t = x - xi;
    const a = v[((xi % n) + n) % n];
    const b = v[(((xi + 1) % n) + n) % n];
    return a + (b - a) * t * t * (3 - 2 * t);
  };
}

function fbm1D(rng, octaves = 4) {
  const layers = Array.from({ length: octaves }, () => noise1D(rng));
  return (x) => {
    let sum = 0;
    let amp = 1;
    let freq = 1;
    let norm = 0;
    for (const n of layers) {
      sum += n(x * freq) * amp;
      norm += amp;
      amp *= 0.5;
      freq *= 2;
    }
    return sum / norm;
  };
}

function noise2D(rng, size = 64) {
  const g = Float32Array.from({ length: size * size }, () => rng.next() * 2 - 1);
  const at = (x, y) => g[(((y % size) + size) % size) * size + (((x % size) + size) % size)];
  return (x, y) => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const tx = x - xi;
    const ty = y - yi;
    const sx = tx * tx * tx * (tx * (tx * 6 - 15) + 10);
    const sy = ty * ty * ty * (ty * (ty * 6 - 15) + 10);
    const a = at(xi, yi);
    const b = at(xi + 1, yi);
    const c = at(xi, yi + 1);
    const d = at(xi + 1, yi + 1);
    return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
  };
}

function fbm2D(rng, octaves = 4) {
  const layers = Array.from({ length: octaves }, () => noise2D(rng));
  return (x, y) => {
    let sum = 0;
    let amp = 1;
    let freq = 1;
    let norm = 0;
    for (let i = 0; i < layers.length; i++) {
      const a = i * 0.9 + 0.3;
      const rx = x * Math.cos(a) - y * Math.sin(a);
      const ry = x * Math.sin(a) + y * Math.cos(a);
      sum += layers[i](rx * freq + 17.3, ry * freq + 5.1) * amp;
      norm += amp;
      amp *= 0.5;
      freq *= 2;
    }
    return sum / norm;
  };
}

// ---------------------------------------------------------------------------
// SVG helpers
// ---------------------------------------------------------------------------

const f = (n) => Math.round(n * 10) / 10;
const clamp = (v, lo = 0, hi = 1) => Math.max(lo, Math.min(hi, v));
const smoothstep = (a, b, v) => {
  const t = clamp((v - a) / (b - a));
  return t * t * (3 - 2 * t);
};

function hexToRgb(hex) {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}
function rgbToHex(rgb) {
  return `#${rgb.map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('')}`;
}
function mix(a, b, t) {
  const A = hexToRgb(a);
  const B = hexToRgb(b);
  return rgbToHex(A.map((v, i) => v + (B[i] - v) * t));
}
const lighten = (c, t) => mix(c, '#ffffff', t);
const darken = (c, t) => mix(c, '#000000', t);

function polyPath(points, close = true) {
  return `M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}${close ? 'Z' : ''}`;
}

/** Catmull-Rom spline through the points, as cubic Béziers. */
function smoothPath(points, { move = true, closed = false } = {}) {
  const n = points.length;
  const P = (i) => (closed ? points[((i % n) + n) % n] : points[clamp(i, 0, n - 1)]);
  let d = `${move ? 'M' : 'L'}${f(points[0][0])} ${f(points[0][1])}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = P(i - 1);
    const p1 = P(i);
    const p2 = P(i + 1);
    const p3 = P(i + 2);
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

function yAt(line, x) {
  let lo = 0;
  let hi = line.length - 1;
  if (x <= line[0][0]) return line[0][1];
  if (x >= line[hi][0]) return line[hi][1];
  while (hi - lo > 1) {
    const m = (lo + hi) >> 1;
    if (line[m][0] <= x) lo = m;
    else hi = m;
  }
  const [x0, y0] = line[lo];
  const [x1, y1] = line[hi];
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

class Svg {
  constructor(w, h) {
    this.w = w;
    this.h = h;
    this.defs = [];
    this.body = [];
    this.uid = 0;
  }
  id(prefix) {
    this.uid += 1;
    return `${prefix}${this.uid}`;
  }
  stops(stops) {
    return stops.map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}"${op === 1 ? '' : ` stop-opacity="${op}"`}/>`).join('');
  }
  lin(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user } = {}) {
    const id = this.id('lg');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }
  rad(stops, { cx = 0.5, cy = 0.5, r = 0.5, user } = {}) {
    const id = this.id('rg');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${units}>${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }
  clip(d) {
    const id = this.id('cp');
    this.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return `url(#${id})`;
  }
  blur(std) {
    const id = this.id('bl');
    this.defs.push(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`);
    return `url(#${id})`;
  }
  add(...parts) {
    this.body.push(...parts);
  }
  toString() {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
      `width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

const rect = (x, y, w, h, fill, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const circle = (x, y, r, fill, extra = '') => `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const ellipse = (x, y, rx, ry, fill, extra = '') =>
  `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const pathEl = (d, fill, extra = '') => `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

// ---------------------------------------------------------------------------
// Landscape building blocks (1200×800)
// ---------------------------------------------------------------------------

const W = 1200;
const H = 800;

function areaBelow(line, { smooth = true, bottom = H + 40 } = {}) {
  const first = line[0];
  const last = line[line.length - 1];
  const top = smooth ? smoothPath(line) : polyPath(line, false);
  return `${top}L${f(last[0])} ${bottom}L${f(first[0])} ${bottom}Z`;
}

function hillLine(rng, { base, amp, freq = 2, octaves = 3, step = 24, x0 = -40, x1 = W + 40 }) {
  const n = fbm1D(rng, octaves);
  const off = rng.range(0, 40);
  const pts = [];
  for (let x = x0; x <= x1; x += step) pts.push([x, base - amp * n(off + (x / W) * freq)]);
  return pts;
}

/** Hill built from explicit bumps: [{x, w, h}] on top of a base line. */
function bumpLine({ base, bumps, step = 16, x0 = -40, x1 = W + 40, tilt = 0 }) {
  const pts = [];
  for (let x = x0; x <= x1; x += step) {
    let y = base + tilt * (x - W / 2);
    for (const b of bumps) {
      const u = (x - b.x) / b.w;
      y -= b.h * Math.exp(-u * u * 2.2);
    }
    pts.push([x, y]);
  }
  return pts;
}

function mountainLine(rng, { base, peaks, jag = 0.08, step = 6, detail = 1 / 45, exp = 1.15 }) {
  const det = fbm1D(rng, 4);
  const off = rng.range(0, 60);
  const pts = [];
  for (let x = -30; x <= W + 30; x += step) {
    let m = 0;
    for (const p of peaks) {
      const u = Math.abs(x - p.x) / p.w;
      if (u < 1) m = Math.max(m, p.h * Math.pow(1 - u, exp));
    }
    pts.push([x, base - m - det(off + x * detail) * (5 + m * jag)]);
  }
  return pts;
}

/** Mountain range with optional snow caps and flat-shaded shadow facets. */
function mountainLayer(s, rng, o) {
  const line = mountainLine(rng, o);
  const bottom = o.bottom ?? H + 40;
  const d = areaBelow(line, { smooth: false, bottom });
  s.add(pathEl(d, o.color));
  let inner = '';
  if (o.snowY != null) {
    const det = fbm1D(rng, 3);
    const sn = [];
    for (let x = -30; x <= W + 30; x += 14) {
      sn.push([x, o.snowY + det(x / 40) * (o.snowJag ?? 26) + rng.range(-6, 6)]);
    }
    inner += pathEl(polyPath([[-30, -10], [W + 30, -10], ...sn.reverse()]), o.snowColor ?? '#ffffff');
  }
  if (o.shadow) {
    const dir = o.light === 'right' ? -1 : 1;
    for (const p of o.peaks) {
      let best = -1;
      for (let i = 0; i < line.length; i++) {
        const [x, y] = line[i];
        if (Math.abs(x - p.x) < p.w * 0.18 && (best < 0 || y < line[best][1])) best = i;
      }
      if (best < 0) continue;
      const apex = line[best];
      const edge = [];
      for (let i = best; i >= 0 && i < line.length; i += dir) {
        if (Math.abs(line[i][0] - apex[0]) > p.w * 0.75) break;
        edge.push(line[i]);
      }
      const end = edge[edge.length - 1];
      const floor = Math.min(bottom, apex[1] + p.h * 1.4 + 40);
      const poly = [...edge, [end[0] + dir * 40, floor]];
      const steps = 4;
      for (let k = steps; k >= 1; k--) {
        const t = k / steps;
        poly.push([apex[0] + dir * (p.w * 0.12 * t + rng.range(-0.04, 0.06) * p.w * t), apex[1] + (floor - apex[1]) * t]);
      }
      inner += pathEl(polyPath(poly), o.shadow, `opacity="${o.shadowOp ?? 0.22}"`);
    }
  }
  if (inner) s.add(`<g clip-path="${s.clip(d)}">${inner}</g>`);
  return line;
}

function pine(x, y, h, col, dark, trunk, slim = 1) {
  const w = h * 0.46 * slim;
  const hw = [w * 0.3, w * 0.41, w * 0.5];
  const by = [y - h * 0.62, y - h * 0.37, y - h * 0.1];
  const L = [
    [x, y - h],
    [x - hw[0], by[0]],
    [x - hw[0] * 0.42, by[0]],
    [x - hw[1], by[1]],
    [x - hw[1] * 0.42, by[1]],
    [x - hw[2], by[2]],
  ];
  const R = [
    [x + hw[2], by[2]],
    [x + hw[1] * 0.42, by[1]],
    [x + hw[1], by[1]],
    [x + hw[0] * 0.42, by[0]],
    [x + hw[0], by[0]],
  ];
  let out = '';
  if (trunk) out += rect(x - h * 0.035, by[2] - 2, h * 0.07, y - by[2] + 2, trunk);
  out += pathEl(polyPath([...L, ...R]), col);
  if (dark) out += pathEl(polyPath([[x, y - h], [x, by[2]], ...R]), dark);
  return out;
}

function roundTree(x, y, h, col, { dark, light, trunk = '#6b4a2f' } = {}) {
  const r = h * 0.3;
  const cy = y - h * 0.64;
  let out = rect(x - h * 0.035, y - h * 0.5, h * 0.07, h * 0.5, trunk);
  const blob = (dx, dy, c) =>
    circle(x + dx, cy + dy, r, c) +
    circle(x + dx - r * 0.62, cy + dy + r * 0.28, r * 0.72, c) +
    circle(x + dx + r * 0.62, cy + dy + r * 0.3, r * 0.7, c) +
    circle(x + dx + r * 0.1, cy + dy - r * 0.48, r * 0.74, c);
  if (dark) out += blob(r * 0.14, r * 0.14, dark);
  out += blob(0, 0, col);
  if (light) out += circle(x - r * 0.35, cy - r * 0.45, r * 0.38, light, 'opacity="0.55"');
  return out;
}

function cypress(x, y, h, col, dark) {
  const w = h * 0.14;
  const d = `M${f(x)} ${f(y - h)}C${f(x + w * 1.1)} ${f(y - h * 0.7)} ${f(x + w)} ${f(y - h * 0.1)} ${f(x)} ${f(y)}C${f(x - w)} ${f(y - h * 0.1)} ${f(x - w * 1.1)} ${f(y - h * 0.7)} ${f(x)} ${f(y - h)}Z`;
  let out = pathEl(d, col);
  if (dark) {
    const d2 = `M${f(x)} ${f(y - h)}C${f(x + w * 1.1)} ${f(y - h * 0.7)} ${f(x + w)} ${f(y - h * 0.1)} ${f(x)} ${f(y)}Z`;
    out += pathEl(d2, dark);
  }
  return out;
}

function palm(x, y, h, lean, trunkCol, leafCol, leafDark) {
  const tx = x + lean;
  const ty = y - h;
  const trunk = `M${f(x - h * 0.03)} ${f(y)}Q${f(x + lean * 0.2)} ${f(y - h * 0.6)} ${f(tx - h * 0.015)} ${f(ty)}L${f(tx + h * 0.015)} ${f(ty)}Q${f(x + lean * 0.25 + h * 0.04)} ${f(y - h * 0.6)} ${f(x + h * 0.03)} ${f(y)}Z`;
  let out = pathEl(trunk, trunkCol);
  // trunk rings
  for (let i = 1; i < 9; i++) {
    const t = i / 9;
    const cx = x + (lean * 0.2 * 2 * (1 - t) * t + lean * t * t);
    const cy = y - h * t;
    out += `<path d="M${f(cx - h * 0.025)} ${f(cy)}l${f(h * 0.05)} ${f(-h * 0.01)}" stroke="${darken(trunkCol, 0.25)}" stroke-width="${f(h * 0.008 + 0.5)}"/>`;
  }
  const angles = [-170, -140, -110, -70, -40, -10, 20, 200];
  angles.forEach((a, i) => {
    const rad = (a * Math.PI) / 180;
    const len = h * (0.42 + (i % 3) * 0.05);
    const ex = tx + Math.cos(rad) * len;
    const ey = ty + Math.sin(rad) * len * 0.55 + len * 0.35;
    const mx = tx + Math.cos(rad) * len * 0.5;
    const my = ty + Math.sin(rad) * len * 0.5 - len * 0.12;
    const wv = h * 0.05;
    const d = `M${f(tx)} ${f(ty)}Q${f(mx)} ${f(my - wv)} ${f(ex)} ${f(ey)}Q${f(mx)} ${f(my + wv)} ${f(tx)} ${f(ty)}Z`;
    out += pathEl(d, i % 2 ? leafCol : leafDark);
  });
  out += circle(tx, ty + h * 0.02, h * 0.03, darken(trunkCol, 0.3));
  return out;
}

function cloud(x, y, s, col = '#ffffff', op = 0.9) {
  return (
    `<g fill="${col}" opacity="${op}">` +
    ellipse(x, y, 92 * s, 20 * s, col) +
    circle(x - 40 * s, y - 10 * s, 27 * s, col) +
    circle(x + 2 * s, y - 24 * s, 38 * s, col) +
    circle(x + 46 * s, y - 8 * s, 23 * s, col) +
    `</g>`
  );
}

function sunGlow(s, x, y, r, col, glow, glowR, glowOp = 0.6) {
  const g = s.rad([
    [0, glow, glowOp],
    [0.4, glow, glowOp * 0.35],
    [1, glow, 0],
  ]);
  s.add(circle(x, y, glowR, g), circle(x, y, r, col));
}

function birds(rng, x, y, n, col, scale = 1) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const bx = x + rng.range(-70, 70) * scale;
    const by = y + rng.range(-30, 30) * scale;
    const w = rng.range(6, 10) * scale;
    out += `<path d="M${f(bx - w)} ${f(by)}q${f(w / 2)} ${f(-w / 2)} ${f(w)} 0q${f(w / 2)} ${f(-w / 2)} ${f(w)} 0" stroke="${col}" stroke-width="${f(1.6 * scale)}" fill="none" stroke-linecap="round"/>`;
  }
  return out;
}

/** A path/river receding into the distance: wide near the viewer, narrow at the far end. */
function winding({ x0, y0, x1, y1, w0, w1, amp, turns, phase = 0, persp = 1.7, N = 90 }) {
  const center = [];
  const L = [];
  const R = [];
  for (let i = 0; i <= N; i++) {
    const t = i / N;
    const e = 1 - Math.pow(1 - t, persp);
    const y = y0 + (y1 - y0) * e;
    const a = amp * (1 - e);
    const x = x0 + (x1 - x0) * e + Math.sin(t * turns * Math.PI * 2 + phase) * a;
    const w = w1 + (w0 - w1) * (1 - e);
    center.push([x, y, w]);
    L.push([x - w / 2, y]);
    R.push([x + w / 2, y]);
  }
  const d = `${smoothPath(L)}${smoothPath(R.reverse(), { move: false })}Z`;
  return { center, d, widthAt: (y) => center.reduce((b, c) => (Math.abs(c[1] - y) < Math.abs(b[1] - y) ? c : b)) };
}

function strokeOf(rng, center, { col, op = 0.5, every = 3, len = 0.35, minW = 1 }) {
  let out = '';
  for (let i = 2; i < center.length - 2; i += every) {
    const [x, y, w] = center[i];
    const cx = x + rng.range(-0.3, 0.3) * w;
    const l = w * len * rng.range(0.5, 1);
    out += `<path d="M${f(cx - l / 2)} ${f(y)}h${f(l)}" stroke="${col}" stroke-width="${f(Math.max(minW, w * 0.012))}" stroke-linecap="round" opacity="${op}"/>`;
  }
  return out;
}

function grassTufts(rng, n, { x0, x1, y0, y1, col, scale = 1, inside }) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = rng.range(x0, x1);
    const y = rng.range(y0, y1);
    if (inside && !inside(x, y)) continue;
    const k = (scale * (y - y0 + 40)) / 100;
    const hgt = 10 * k;
    out += `<path d="M${f(x - 4 * k)} ${f(y)}l${f(-2 * k)} ${f(-hgt)}M${f(x)} ${f(y)}l0 ${f(-hgt * 1.3)}M${f(x + 4 * k)} ${f(y)}l${f(3 * k)} ${f(-hgt)}" stroke="${col}" stroke-width="${f(1.2 * k + 0.4)}" stroke-linecap="round" fill="none"/>`;
  }
  return out;
}

function forestRow(rng, line, { spacing, h, col, dark, trunk, skip, jitter = 4, slim = 1 }) {
  let out = '';
  let x = line[0][0] + rng.range(0, spacing[0]);
  while (x < line[line.length - 1][0]) {
    if (!skip || !skip(x)) {
      const y = yAt(line, x) + rng.range(0, jitter) + 2;
      out += pine(x, y, rng.range(h[0], h[1]), col, dark, trunk, slim * rng.range(0.85, 1.15));
    }
    x += rng.range(spacing[0], spacing[1]);
  }
  return out;
}

function skyRect(s, stops, h = H) {
  s.add(rect(0, 0, W, h, s.lin(stops)));
}

// ---------------------------------------------------------------------------
// The fourteen places
// ---------------------------------------------------------------------------

const PLACES = [
  {
    name: 'mountain-ridge',
    title: 'Mountain Ridge',
    blurb: 'Dawn over layered lavender peaks with snow caps; a trail climbs a dark foreground slope framed by pines.',
    draw(s, r) {
      const hz = '#fbd0a0';
      skyRect(s, [
        [0, '#223766'],
        [0.35, '#6f5a96'],
        [0.58, '#e2938a'],
        [0.72, hz],
      ]);
      sunGlow(s, 812, 372, 42, '#fff5da', '#ffd9a0', 360, 0.85);
      for (const [x, y, w] of [
        [90, 170, 300],
        [420, 118, 190],
        [960, 196, 260],
        [700, 262, 170],
        [1020, 120, 140],
        [240, 300, 200],
      ]) {
        s.add(rect(x, y, w, 9, '#f4b3a6', 'rx="4.5" opacity="0.55"'));
      }
      s.add(birds(r, 760, 330, 4, '#5a3e63', 1));
      mountainLayer(s, r, {
        base: 520,
        peaks: [
          { x: 130, h: 250, w: 280 },
          { x: 420, h: 330, w: 320 },
          { x: 690, h: 250, w: 260 },
          { x: 1010, h: 320, w: 330 },
        ],
        color: mix('#7c69a8', hz, 0.45),
        snowY: 270,
        snowColor: mix('#ffffff', hz, 0.2),
        shadow: '#3b2a6a',
        shadowOp: 0.2,
        light: 'right',
      });
      mountainLayer(s, r, {
        base: 580,
        peaks: [
          { x: 20, h: 200, w: 240 },
          { x: 300, h: 230, w: 260 },
          { x: 600, h: 270, w: 300 },
          { x: 890, h: 200, w: 240 },
          { x: 1170, h: 250, w: 280 },
        ],
        color: mix('#5e4c8f', hz, 0.22),
        snowY: 345,
        snowColor: mix('#fff1e6', hz, 0.25),
        shadow: '#2a1d55',
        shadowOp: 0.25,
        light: 'right',
      });
      const l3 = mountainLayer(s, r, {
        base: 650,
        peaks: [
          { x: 160, h: 170, w: 260 },
          { x: 470, h: 140, w: 240 },
          { x: 760, h: 190, w: 280 },
          { x: 1080, h: 150, w: 260 },
        ],
        color: '#463a78',
        shadow: '#1d1440',
        shadowOp: 0.28,
        light: 'right',
      });
      // switchbacks on the mid slope
      const sw = [[735, 628]];
      for (let i = 0; i < 12; i++) {
        const [px, py] = sw[sw.length - 1];
        const nx = 760 + (i % 2 ? -1 : 1) * (32 - i * 2.5);
        const ny = py - 12;
        if (ny < yAt(l3, nx) + 18) break;
        sw.push([nx, ny]);
        if (px === nx) break;
      }
      s.add(`<path d="${polyPath(sw, false)}" stroke="#e9b38f" stroke-width="2" fill="none" opacity="0.75" stroke-linejoin="round"/>`);
      s.add(
        forestRow(
          r,
          l3.map(([x, y]) => [x, y + 40]),
          { spacing: [9, 18], h: [14, 26], col: '#3a2f68' },
        ),
      );
      const l4 = hillLine(r, { base: 700, amp: 40, freq: 1.5 });
      s.add(pathEl(areaBelow(l4), '#2f2858'));
      s.add(forestRow(r, l4, { spacing: [10, 22], h: [26, 48], col: '#2a2350', skip: (x) => x > 540 && x < 700 }));
      const fg = bumpLine({
        base: 860,
        bumps: [
          { x: 380, w: 520, h: 200 },
          { x: 1150, w: 260, h: 120 },
        ],
      });
      s.add(pathEl(areaBelow(fg), '#221c42'));
      const trail = winding({
        x0: 560,
        y0: 830,
        x1: 430,
        y1: yAt(fg, 430) + 4,
        w0: 150,
        w1: 6,
        amp: 110,
        turns: 1.1,
        phase: 0.6,
        persp: 1.4,
      });
      s.add(pathEl(trail.d, '#c98f7c', 'opacity="0.9"'));
      s.add(grassTufts(r, 40, { x0: 0, x1: W, y0: 720, y1: 800, col: '#3a3066' }));
      for (const [x, h] of [
        [40, 340],
        [120, 260],
        [1090, 300],
        [1170, 380],
      ]) {
        s.add(pine(x, H + 10, h, '#17122e', '#120e26', '#120e26'));
      }
    },
  },
  {
    name: 'pine-forest',
    title: 'Pine Forest',
    blurb: 'Misty green morning: six receding rows of pines in fog, light rays, and a dirt path leading into the woods.',
    draw(s, r) {
      const fog = '#e8efe4';
      skyRect(s, [
        [0, '#a7c6bc'],
        [0.55, fog],
      ]);
      sunGlow(s, 930, 170, 48, '#fbfbef', '#ffffff', 300, 0.7);
      const rays = s.lin([
        [0, '#ffffff', 0.0],
        [0.3, '#ffffff', 0.22],
        [1, '#ffffff', 0],
      ]);
      for (const [a, b] of [
        [560, 620],
        [690, 760],
        [820, 860],
        [930, 1010],
      ]) {
        s.add(pathEl(`M930 170L${a} 800L${b} 800Z`, rays));
      }
      const layers = [
        { base: 360, t: 0.82, h: [30, 46], sp: [7, 12] },
        { base: 410, t: 0.68, h: [40, 60], sp: [9, 15] },
        { base: 465, t: 0.54, h: [54, 80], sp: [12, 20] },
        { base: 530, t: 0.38, h: [70, 110], sp: [16, 28] },
        { base: 600, t: 0.2, h: [100, 150], sp: [24, 40] },
      ];
      const fogBand = s.lin([
        [0, fog, 0],
        [0.6, fog, 0.75],
        [1, fog, 0.9],
      ]);
      layers.forEach((L, i) => {
        const col = mix('#24513f', fog, L.t);
        const line = hillLine(r, { base: L.base, amp: 26 + i * 6, freq: 2.2 });
        s.add(pathEl(areaBelow(line), col));
        const last = i === layers.length - 1;
        s.add(
          forestRow(r, line, {
            spacing: L.sp,
            h: L.h,
            col,
            dark: mix(col, '#10281f', 0.22),
            skip: last ? (x) => x > 520 && x < 700 : undefined,
          }),
        );
        s.add(rect(0, L.base - 30, W, 90, fogBand, 'opacity="0.7"'));
      });
      const ground = hillLine(r, { base: 650, amp: 14, freq: 1.2 });
      s.add(
        pathEl(
          areaBelow(ground),
          s.lin([
            [0, '#3e6b4d'],
            [1, '#264634'],
          ]),
        ),
      );
      const trail = winding({ x0: 560, y0: 830, x1: 612, y1: 652, w0: 300, w1: 18, amp: 70, turns: 0.8, phase: 2.2 });
      s.add(
        pathEl(
          trail.d,
          s.lin([
            [0, '#d6c7a0'],
            [1, '#a8936a'],
          ]),
        ),
      );
      s.add(strokeOf(r, trail.center, { col: '#8a7550', op: 0.5, every: 4, len: 0.3 }));
      s.add(grassTufts(r, 120, { x0: 0, x1: W, y0: 660, y1: 800, col: '#2f5a3e', scale: 1.2 }));
      for (const [x, y, rr] of [
        [120, 770, 60],
        [1080, 760, 70],
        [300, 790, 40],
        [880, 795, 46],
      ]) {
        // fern clumps
        for (let k = -3; k <= 3; k++) {
          const a = (k * 22 * Math.PI) / 180 - Math.PI / 2;
          s.add(
            `<path d="M${x} ${y}Q${f(x + Math.cos(a) * rr * 0.6)} ${f(y + Math.sin(a) * rr * 0.9)} ${f(x + Math.cos(a) * rr * 1.1)} ${f(y + Math.sin(a) * rr * 0.6)}" stroke="#4f8a4c" stroke-width="5" fill="none" stroke-linecap="round"/>`,
          );
        }
      }
      for (const [x, h] of [
        [30, 620],
        [150, 520],
        [1060, 560],
        [1170, 660],
      ]) {
        s.add(pine(x, H + 20, h, '#173a2c', '#112e22', '#3b2a1d'));
      }
    },
  },
  {
    name: 'riverside-path',
    title: 'Riverside Path',
    blurb: 'Bright midday: a blue river winds out of green hills, a sandy path follows its bank past leafy trees.',
    draw(s, r) {
      skyRect(s, [
        [0, '#4aa8ee'],
        [0.55, '#d4f0ff'],
      ]);
      s.add(cloud(230, 130, 1.1), cloud(620, 90, 0.8), cloud(980, 160, 1.3), cloud(800, 260, 0.6, '#ffffff', 0.8));
      const far = hillLine(r, { base: 440, amp: 50, freq: 2.5 });
      s.add(pathEl(areaBelow(far), '#9cc3cf'));
      const mid = hillLine(r, { base: 470, amp: 34, freq: 3 });
      s.add(pathEl(areaBelow(mid), '#7bb26b'));
      for (let x = -10; x < W + 10; x += r.range(14, 26)) {
        s.add(roundTree(x, yAt(mid, x) + 8, r.range(22, 34), '#5e9a56', { trunk: '#5e9a56' }));
      }
      s.add(
        rect(
          0,
          476,
          W,
          330,
          s.lin([
            [0, '#93cc6a'],
            [1, '#67ad4e'],
          ]),
        ),
      );
      const river = winding({ x0: 260, y0: 840, x1: 700, y1: 478, w0: 560, w1: 16, amp: 260, turns: 1.25, phase: 0.3, persp: 1.9 });
      const bank = winding({ x0: 260, y0: 840, x1: 700, y1: 478, w0: 640, w1: 22, amp: 260, turns: 1.25, phase: 0.3, persp: 1.9 });
      s.add(pathEl(bank.d, '#d8c58e'));
      s.add(
        pathEl(
          river.d,
          s.lin([
            [0, '#8fd0f0'],
            [1, '#3b8fd0'],
          ]),
        ),
      );
      s.add(strokeOf(r, river.center, { col: '#ffffff', op: 0.55, every: 2, len: 0.25 }));
      const path = winding({ x0: 930, y0: 840, x1: 740, y1: 480, w0: 160, w1: 5, amp: 230, turns: 1.25, phase: 0.3, persp: 1.9 });
      s.add(pathEl(path.d, '#f1e1b0'));
      const clear = (x, y) => {
        const c1 = river.widthAt(y);
        const c2 = path.widthAt(y);
        return Math.abs(x - c1[0]) > c1[2] * 0.5 + 30 + (y - 470) * 0.15 && Math.abs(x - c2[0]) > c2[2] * 0.5 + 20 + (y - 470) * 0.1;
      };
      const trees = [];
      for (let i = 0; i < 60 && trees.length < 22; i++) {
        const y = r.range(490, 690);
        const x = r.range(-20, W + 20);
        if (clear(x, y)) trees.push([x, y]);
      }
      trees.sort((a, b) => a[1] - b[1]);
      const greens = ['#4f9a48', '#3f8a45', '#6aae4a', '#5b9f3d'];
      for (const [x, y] of trees) {
        const h = 30 + (y - 480) * 0.9;
        s.add(ellipse(x + h * 0.12, y, h * 0.28, h * 0.05, '#3f7d3a', 'opacity="0.45"'));
        s.add(roundTree(x, y, h, r.pick(greens), { dark: '#2f6b35', light: '#a6d86a', trunk: '#6b4a2f' }));
      }
      // reeds along the near river bank
      for (let i = 0; i < 40; i++) {
        const y = r.range(650, 800);
        const c = river.widthAt(y);
        const side = r.chance(0.5) ? -1 : 1;
        const x = c[0] + side * (c[2] * 0.5 + r.range(-6, 14));
        const hh = 16 + (y - 600) * 0.2;
        s.add(
          `<path d="M${f(x)} ${f(y)}q${f(side * 3)} ${f(-hh * 0.6)} ${f(side * 6)} ${f(-hh)}" stroke="#3d7a35" stroke-width="2.2" fill="none" stroke-linecap="round"/>`,
        );
        if (r.chance(0.35)) s.add(ellipse(x + side * 6, y - hh, 2.2, 5, '#7a4a2a'));
      }
      s.add(grassTufts(r, 70, { x0: 0, x1: W, y0: 640, y1: 800, col: '#4f9a3c' }));
    },
  },
  {
    name: 'coastal-cliffs',
    title: 'Coastal Cliffs',
    blurb: 'Sunny afternoon on sandstone sea cliffs: headlands recede along a deep blue sea, a clifftop trail leads to a lighthouse.',
    draw(s, r) {
      const hzY = 360;
      const skyLow = '#cfeaf8';
      skyRect(s, [
        [0, '#3a8fd8'],
        [0.45, skyLow],
      ]);
      sunGlow(s, 230, 120, 42, '#fffbe8', '#fff4c0', 220, 0.6);
      s.add(cloud(560, 120, 0.9, '#ffffff', 0.85), cloud(900, 80, 1.2, '#ffffff', 0.9), cloud(1120, 210, 0.7, '#ffffff', 0.8));
      s.add(
        rect(
          0,
          hzY,
          W,
          H - hzY,
          s.lin([
            [0, '#7cc2e0'],
            [0.2, '#2f8dc0'],
            [1, '#165f93'],
          ]),
        ),
      );
      for (let i = 0; i < 120; i++) {
        const y = hzY + 6 + Math.pow(r.next(), 0.8) * (H - hzY);
        const x = r.range(-20, W);
        const l = 4 + (y - hzY) * 0.08;
        s.add(
          `<path d="M${f(x)} ${f(y)}h${f(l)}" stroke="#ffffff" stroke-width="${f(1 + (y - hzY) * 0.006)}" opacity="0.45" stroke-linecap="round"/>`,
        );
      }
      const heads = [
        {
          tip: 880,
          front: [
            [880, 368],
            [1240, 376],
          ],
          back: 361,
          foot: [372, 380],
          haze: 0.6,
        },
        {
          tip: 760,
          front: [
            [760, 384],
            [860, 389],
            [1000, 386],
            [1240, 398],
          ],
          back: 366,
          foot: [392, 404],
          haze: 0.45,
        },
        {
          tip: 590,
          front: [
            [590, 404],
            [660, 414],
            [760, 404],
            [860, 424],
            [1000, 416],
            [1240, 438],
          ],
          back: 378,
          foot: [436, 454],
          haze: 0.28,
        },
        {
          tip: 300,
          front: [
            [300, 470],
            [370, 482],
            [470, 456],
            [580, 492],
            [700, 470],
            [820, 510],
            [1000, 500],
            [1240, 540],
          ],
          back: 408,
          foot: [580, 640],
          haze: 0,
        },
      ];
      const trailTops = [];
      heads.forEach((hd, i) => {
        const hz = (c) => mix(c, skyLow, hd.haze);
        const front = densify(hd.front, 8);
        const x0 = hd.front[0][0];
        const tipFoot = [x0 - (hd.foot[0] - hd.front[0][1]) * 0.25, hd.foot[0]];
        const waterline = [tipFoot, [1240, hd.foot[1]]];
        const face = `${smoothPath(front)}L1240 ${hd.foot[1]}L${f(tipFoot[0])} ${f(tipFoot[1])}Z`;
        s.add(pathEl(face, hz('#d9ae6c')));
        let det = '';
        const fh = hd.foot[0] - hd.front[0][1];
        for (let t = 0.2; t < 1; t += 0.16) {
          det += `<path d="M${f(x0 - 40)} ${f(hd.front[0][1] + fh * t)}L1240 ${f(hd.front[hd.front.length - 1][1] + (hd.foot[1] - hd.front[hd.front.length - 1][1]) * t)}" stroke="${hz('#a97b45')}" stroke-width="${f(1 + fh * 0.02)}" opacity="0.6"/>`;
        }
        for (let k = 0; k < front.length - 1; k += 2) {
          const [x, y] = front[k];
          if (r.chance(0.55)) {
            const w = r.range(6, 20) * (1 + fh / 80);
            det += pathEl(
              polyPath([
                [x, y],
                [x + w, y + 2],
                [x + w * 0.6, hd.foot[1]],
                [x - w * 0.3, hd.foot[1]],
              ]),
              hz('#9e7040'),
              'opacity="0.45"',
            );
          }
        }
        s.add(`<g clip-path="${s.clip(face)}">${det}</g>`);
        s.add(
          `<path d="M${f(waterline[0][0] - 10)} ${f(waterline[0][1])}L1240 ${f(waterline[1][1])}" stroke="#ffffff" stroke-width="${f(1.5 + i * 1.5)}" stroke-dasharray="${f(20 + i * 10)} ${f(6 + i * 3)}" opacity="0.85" stroke-linecap="round"/>`,
        );
        const top = `${smoothPath(front)}L1240 ${hd.back}L${f(x0 + 60)} ${hd.back + 2}Q${f(x0 + 10)} ${f(hd.back + 4)} ${f(x0)} ${f(hd.front[0][1])}Z`;
        s.add(pathEl(top, hz('#8cc45a')));
        s.add(`<path d="${smoothPath(front)}" stroke="${hz('#c9e29a')}" stroke-width="${f(1 + i)}" fill="none"/>`);
        trailTops.push(front.map(([x, y]) => [x + 20 + i * 8, y - (y - hd.back) * 0.45]));
      });
      // clifftop trail along the headlands
      trailTops.forEach((pts, i) => {
        const vis = pts.filter(([x]) => x > heads[i].tip + 30);
        if (vis.length > 1)
          s.add(`<path d="${smoothPath(vis)}" stroke="#efe0b4" stroke-width="${f(1 + i * 1.6)}" fill="none" stroke-linecap="round"/>`);
      });
      // lighthouse on a far headland
      const lx = 622;
      const ly = 401;
      s.add(rect(lx - 4, ly - 34, 8, 34, '#ffffff'));
      s.add(rect(lx - 4, ly - 26, 8, 5, '#d94a3d'), rect(lx - 4, ly - 14, 8, 5, '#d94a3d'));
      s.add(pathEl(`M${lx - 6} ${ly - 34}L${lx + 6} ${ly - 34}L${lx} ${ly - 42}Z`, '#d94a3d'));
      s.add(rect(lx + 8, ly - 7, 14, 7, '#ffffff'), pathEl(`M${lx + 7} ${ly - 7}L${lx + 23} ${ly - 7}L${lx + 15} ${ly - 12}Z`, '#b5523f'));
      // sea stacks off the near headland
      for (const [x, y, w, h] of [
        [190, 600, 80, 110],
        [110, 640, 44, 64],
      ]) {
        const pts = [
          [x - w * 0.5, y],
          [x - w * 0.42, y - h * 0.55],
          [x - w * 0.34, y - h * 0.92],
          [x - w * 0.1, y - h],
          [x + w * 0.2, y - h * 0.97],
          [x + w * 0.36, y - h * 0.7],
          [x + w * 0.5, y],
        ];
        s.add(pathEl(polyPath(pts), '#d9ae6c'));
        s.add(
          pathEl(
            polyPath([
              [x + w * 0.02, y - h],
              [x + w * 0.2, y - h * 0.97],
              [x + w * 0.36, y - h * 0.7],
              [x + w * 0.5, y],
              [x + w * 0.08, y],
            ]),
            '#9e7040',
            'opacity="0.55"',
          ),
        );
        for (let k = 1; k < 4; k++)
          s.add(`<path d="M${f(x - w * 0.45)} ${f(y - h * k * 0.24)}h${f(w * 0.85)}" stroke="#a97b45" stroke-width="2" opacity="0.6"/>`);
        s.add(
          pathEl(
            `M${f(x - w * 0.38)} ${f(y - h * 0.9)}Q${f(x - w * 0.1)} ${f(y - h * 1.08)} ${f(x + w * 0.24)} ${f(y - h * 0.95)}L${f(x + w * 0.2)} ${f(y - h * 0.88)}Q${f(x - w * 0.1)} ${f(y - h * 0.96)} ${f(x - w * 0.36)} ${f(y - h * 0.84)}Z`,
            '#8cc45a',
          ),
        );
        s.add(
          `<path d="M${f(x - w * 0.7)} ${f(y)}h${f(w * 1.4)}" stroke="#ffffff" stroke-width="4" opacity="0.85" stroke-linecap="round"/>`,
        );
      }
      // foreground grassy clifftop where the trail starts
      const fg = bumpLine({
        base: 900,
        bumps: [
          { x: 1150, w: 520, h: 330 },
          { x: 700, w: 260, h: 110 },
        ],
        x0: 420,
      });
      s.add(
        pathEl(
          areaBelow(fg),
          s.lin([
            [0, '#8fc65a'],
            [1, '#5b9a3e'],
          ]),
        ),
      );
      s.add(`<path d="${smoothPath(fg)}" stroke="#b7dc82" stroke-width="4" fill="none"/>`);
      const trail = winding({
        x0: 860,
        y0: 840,
        x1: 1000,
        y1: yAt(fg, 1000) + 4,
        w0: 130,
        w1: 10,
        amp: 70,
        turns: 0.9,
        phase: 0.5,
        persp: 1.3,
      });
      s.add(pathEl(trail.d, '#efe0b4'));
      for (let i = 0; i < 7; i++) {
        const x = 600 + i * 70;
        const y = yAt(fg, x) + 30 + i * 6;
        const hh = 34 + i * 4;
        s.add(rect(x - 2.5, y - hh, 5, hh, '#7a5a3a'));
        if (i)
          s.add(
            `<path d="M${f(x - 70)} ${f(yAt(fg, x - 70) + 30 + (i - 1) * 6 - (hh - 4) * 0.8)}L${f(x)} ${f(y - hh * 0.8)}" stroke="#7a5a3a" stroke-width="2"/>`,
          );
      }
      s.add(grassTufts(r, 80, { x0: 620, x1: W, y0: 600, y1: 800, col: '#4b8a35', scale: 1.4, inside: (x, y) => y > yAt(fg, x) + 16 }));
      for (const [x, y] of [
        [1120, 640],
        [760, 770],
      ]) {
        s.add(ellipse(x, y, 40, 16, '#4e8f3a'), ellipse(x - 10, y - 7, 24, 11, '#62a548'));
        for (let k = 0; k < 6; k++) s.add(circle(x + r.range(-34, 30), y + r.range(-12, 6), 3, r.pick(['#ffd54f', '#ffffff', '#f48fb1'])));
      }
      s.add(birds(r, 420, 240, 3, '#2e4a66', 1.2));
    },
  },
  {
    name: 'lakeside',
    title: 'Lakeside',
    blurb: 'Sunset over a still lake: purple mountains and pine shores mirrored in golden water, with a wooden jetty.',
    draw(s, r) {
      const hz = 500;
      skyRect(s, [
        [0, '#3f2f7d'],
        [0.3, '#b5507a'],
        [0.5, '#f08a5d'],
        [0.63, '#ffd08a'],
      ]);
      const scene = [];
      const keep = (fn) => {
        const before = s.body.length;
        fn();
        scene.push(...s.body.slice(before));
      };
      keep(() => sunGlow(s, 600, 470, 58, '#fff1c4', '#ffd27a', 420, 0.85));
      s.add(cloud(260, 170, 1.2, '#f7a38a', 0.6), cloud(950, 120, 1, '#f7a38a', 0.55), cloud(760, 250, 0.6, '#ffc49a', 0.5));
      keep(() =>
        mountainLayer(s, r, {
          base: hz,
          peaks: [
            { x: 180, h: 150, w: 260 },
            { x: 420, h: 90, w: 200 },
            { x: 820, h: 110, w: 220 },
            { x: 1060, h: 170, w: 280 },
          ],
          color: '#b0577a',
          shadow: '#3d1f4f',
          shadowOp: 0.25,
          light: 'right',
        }),
      );
      keep(() =>
        mountainLayer(s, r, {
          base: hz,
          peaks: [
            { x: -20, h: 190, w: 320 },
            { x: 270, h: 110, w: 220 },
            { x: 930, h: 90, w: 200 },
            { x: 1220, h: 200, w: 330 },
          ],
          color: '#6b3566',
          shadow: '#2a1238',
          shadowOp: 0.3,
          light: 'right',
        }),
      );
      const shoreL = bumpLine({ base: hz + 2, bumps: [{ x: 100, w: 260, h: 30 }], x1: 480 });
      const shoreR = bumpLine({ base: hz + 2, bumps: [{ x: 1100, w: 260, h: 34 }], x0: 760 });
      keep(() => {
        s.add(pathEl(areaBelow(shoreL, { bottom: hz + 4 }), '#3a1d45'));
        s.add(pathEl(areaBelow(shoreR, { bottom: hz + 4 }), '#3a1d45'));
        s.add(forestRow(r, shoreL, { spacing: [7, 13], h: [18, 46], col: '#2e173a' }));
        s.add(forestRow(r, shoreR, { spacing: [7, 13], h: [18, 50], col: '#2e173a' }));
      });
      // lake + reflection
      s.add(
        rect(
          0,
          hz,
          W,
          H - hz,
          s.lin([
            [0, '#f2a070'],
            [0.4, '#a0507a'],
            [1, '#3a2560'],
          ]),
        ),
      );
      const waterClip = s.clip(`M0 ${hz}H${W}V${H}H0Z`);
      s.add(`<g clip-path="${waterClip}" opacity="0.5"><g transform="translate(0 ${2 * hz}) scale(1 -1)">${scene.join('')}</g></g>`);
      for (let i = 0; i < 60; i++) {
        const y = hz + 4 + Math.pow(r.next(), 1.6) * (H - hz);
        const d = (y - hz) / (H - hz);
        const w = 20 + d * 160 * r.range(0.4, 1);
        const x = 600 + r.range(-1, 1) * (40 + d * 140);
        s.add(
          `<path d="M${f(x - w / 2)} ${f(y)}h${f(w)}" stroke="#ffe2a0" stroke-width="${f(1.2 + d * 3)}" opacity="${f(0.7 - d * 0.3)}" stroke-linecap="round"/>`,
        );
      }
      for (let i = 0; i < 50; i++) {
        const y = r.range(hz + 10, H);
        const x = r.range(0, W);
        s.add(`<path d="M${f(x)} ${f(y)}h${f(10 + (y - hz) * 0.25)}" stroke="#ffd0a0" stroke-width="1.2" opacity="0.3"/>`);
      }
      // jetty
      const jt = [
        [360, 830],
        [640, 830],
        [560, 612],
        [515, 612],
      ];
      for (const [x, y, h] of [
        [380, 790, 60],
        [612, 790, 60],
        [455, 690, 34],
        [585, 690, 34],
        [505, 630, 20],
        [565, 630, 20],
      ]) {
        s.add(rect(x - h * 0.1, y - h * 0.2, h * 0.2, h * 1.1, '#2b1630'));
      }
      s.add(pathEl(polyPath(jt), '#5a3048'));
      for (let i = 1; i < 18; i++) {
        const t = 1 - Math.pow(1 - i / 18, 1.6);
        const y = 830 + (612 - 830) * t;
        const xl = 360 + (515 - 360) * t;
        const xr = 640 + (560 - 640) * t;
        s.add(`<path d="M${f(xl)} ${f(y)}H${f(xr)}" stroke="#3b1d35" stroke-width="${f(3 - t * 2)}"/>`);
      }
      s.add(`<path d="M515 612H560" stroke="#f6b27a" stroke-width="2" opacity="0.8"/>`);
      s.add(
        pathEl(
          polyPath([
            [-20, 700],
            [120, 690],
            [260, 760],
            [300, 820],
            [-20, 820],
          ]),
          '#231232',
        ),
      );
      s.add(
        pathEl(
          polyPath([
            [1220, 660],
            [1080, 690],
            [960, 770],
            [920, 820],
            [1220, 820],
          ]),
          '#231232',
        ),
      );
      s.add(grassTufts(r, 30, { x0: 0, x1: 250, y0: 720, y1: 800, col: '#231232', scale: 2 }));
      s.add(grassTufts(r, 30, { x0: 980, x1: W, y0: 700, y1: 800, col: '#231232', scale: 2 }));
      s.add(birds(r, 380, 300, 5, '#3a1f4a', 1.1));
    },
  },
  {
    name: 'city-park',
    title: 'City Park',
    blurb: 'Spring morning in a green city park: skyline behind the trees, curving paths, a pond, lamps and blossoms.',
    draw(s, r) {
      const hz = 430;
      skyRect(s, [
        [0, '#86c8f2'],
        [0.5, '#eaf7ff'],
      ]);
      s.add(cloud(300, 120, 1), cloud(880, 160, 1.2), cloud(1100, 80, 0.6));
      const skyline = (base, cols, minH, maxH, winCol, seedOff) => {
        let x = -10 + seedOff;
        while (x < W) {
          const w = r.range(40, 90);
          const h = r.range(minH, maxH);
          const c = r.pick(cols);
          s.add(rect(x, base - h, w - 4, h + 10, c));
          if (r.chance(0.25)) s.add(rect(x + w / 2 - 3, base - h - 24, 2, 24, c));
          for (let wy = base - h + 10; wy < base - 10; wy += 14) {
            for (let wx = x + 7; wx < x + w - 12; wx += 12) {
              if (r.chance(0.6)) s.add(rect(wx, wy, 5, 7, winCol));
            }
          }
          x += w;
        }
      };
      skyline(hz, ['#b6cde2', '#c4d6e8', '#a8c1da'], 60, 200, '#d9e7f3', 0);
      skyline(hz + 6, ['#91aecb', '#9db7d2', '#86a5c4'], 30, 120, '#c4d8ea', 20);
      const tl = hillLine(r, { base: hz + 8, amp: 8, freq: 3 });
      for (let x = -20; x < W + 20; x += r.range(18, 32)) {
        s.add(roundTree(x, yAt(tl, x) + 10, r.range(34, 52), r.pick(['#4e9a52', '#5aa75a', '#468f4b']), { trunk: '#4e7a45' }));
      }
      s.add(
        rect(
          0,
          hz + 6,
          W,
          H,
          s.lin([
            [0, '#a8d873'],
            [1, '#74bb55'],
          ]),
        ),
      );
      // mowing stripes
      for (let i = 0; i < 12; i++) {
        const y = hz + 10 + Math.pow(i / 12, 1.6) * 380;
        s.add(rect(0, y, W, 6 + i * 3, '#ffffff', 'opacity="0.06"'));
      }
      // pond
      s.add(ellipse(860, 560, 240, 58, '#e8dfc2'));
      s.add(
        ellipse(
          860,
          560,
          228,
          50,
          s.lin([
            [0, '#9bd8f0'],
            [1, '#4aa5d6'],
          ]),
        ),
      );
      for (let i = 0; i < 8; i++) {
        const x = r.range(680, 1030);
        const y = r.range(536, 590);
        s.add(`<path d="M${f(x)} ${f(y)}h${f(r.range(20, 50))}" stroke="#ffffff" stroke-width="2" opacity="0.6" stroke-linecap="round"/>`);
      }
      for (const [x, y] of [
        [780, 565],
        [812, 575],
      ]) {
        s.add(ellipse(x, y, 10, 6, '#ffffff'), circle(x + 8, y - 7, 4.5, '#ffffff'), pathEl(`M${x + 12} ${y - 7}l5 1l-5 2z`, '#f5a623'));
      }
      // paths
      const main = winding({ x0: 430, y0: 840, x1: 600, y1: hz + 12, w0: 200, w1: 10, amp: 160, turns: 0.9, phase: 3.6 });
      s.add(pathEl(main.d, '#f2e6c4'));
      s.add(`<path d="M-20 690C200 640 420 640 560 610S720 590 640 560" stroke="#f2e6c4" stroke-width="34" fill="none"/>`);
      s.add(`<path d="M1220 700C1050 680 980 640 1090 600" stroke="#f2e6c4" stroke-width="30" fill="none"/>`);
      // flower bed
      s.add(ellipse(250, 560, 120, 24, '#6b4a35'));
      for (let i = 0; i < 120; i++) {
        const a = r.next() * Math.PI * 2;
        const d = Math.sqrt(r.next());
        s.add(
          circle(
            250 + Math.cos(a) * d * 112,
            556 + Math.sin(a) * d * 20,
            r.range(3, 5),
            r.pick(['#ff6f91', '#ffc75f', '#f9f871', '#ff9671', '#ffffff']),
          ),
        );
      }
      const trees = [
        [90, 520, 150, '#5fae55'],
        [1150, 520, 160, '#4f9d4d'],
        [700, 480, 80, '#f4a6c1'],
        [1010, 475, 70, '#f4a6c1'],
        [380, 480, 80, '#66b354'],
        [200, 470, 60, '#4f9d4d'],
        [60, 760, 300, '#3f8a45'],
        [1120, 790, 340, '#f0a0bf'],
      ].sort((a, b) => a[1] - b[1]);
      for (const [x, y, h, c] of trees) {
        s.add(ellipse(x, y, h * 0.3, h * 0.05, '#4e8f3e', 'opacity="0.4"'));
        s.add(roundTree(x, y, h, c, { dark: darken(c, 0.18), light: lighten(c, 0.35), trunk: '#6d4c35' }));
      }
      // lamps and bench
      for (const [x, y, h] of [
        [470, 650, 120],
        [560, 530, 70],
        [610, 470, 40],
      ]) {
        s.add(
          rect(x - h * 0.025, y - h, h * 0.05, h, '#2f3b48'),
          circle(x, y - h, h * 0.07, '#fff3c4'),
          rect(x - h * 0.06, y - h - h * 0.08, h * 0.12, h * 0.04, '#2f3b48'),
        );
      }
      s.add(
        rect(700, 640, 120, 12, '#8a5a3c'),
        rect(700, 620, 120, 10, '#8a5a3c'),
        rect(708, 652, 8, 22, '#2f3b48'),
        rect(804, 652, 8, 22, '#2f3b48'),
      );
      s.add(grassTufts(r, 40, { x0: 0, x1: W, y0: 700, y1: 800, col: '#5aa344' }));
    },
  },
  {
    name: 'rolling-hills',
    title: 'Rolling Hills',
    blurb: 'Golden-hour countryside: patchwork fields on overlapping hills, hedgerows, lone trees and a red barn.',
    draw(s, r) {
      skyRect(s, [
        [0, '#f7b267'],
        [0.35, '#ffd9a0'],
        [0.6, '#fff1d0'],
      ]);
      sunGlow(s, 940, 250, 62, '#fff8e1', '#ffe3a3', 380, 0.8);
      s.add(cloud(280, 170, 1.1, '#fff0d8', 0.7), cloud(620, 110, 0.8, '#fff0d8', 0.6));
      const hills = [
        {
          base: 430,
          bumps: [
            { x: 200, w: 260, h: 60 },
            { x: 620, w: 300, h: 40 },
            { x: 1050, w: 260, h: 70 },
          ],
          col: '#c9cf8a',
        },
        {
          base: 480,
          bumps: [
            { x: 420, w: 300, h: 80 },
            { x: 900, w: 220, h: 50 },
          ],
          col: '#b6c46a',
          stripes: true,
        },
        {
          base: 540,
          bumps: [
            { x: 80, w: 300, h: 90 },
            { x: 760, w: 320, h: 100 },
          ],
          col: '#e2c268',
          stripes: true,
        },
        {
          base: 610,
          bumps: [
            { x: 400, w: 360, h: 110 },
            { x: 1150, w: 260, h: 80 },
          ],
          col: '#94b85a',
        },
        {
          base: 700,
          bumps: [
            { x: 900, w: 400, h: 140 },
            { x: 0, w: 200, h: 60 },
          ],
          col: '#7aa64b',
          stripes: true,
        },
        { base: 790, bumps: [{ x: 250, w: 420, h: 120 }], col: '#5f9442' },
      ];
      const hillLines = [];
      hills.forEach((hl, i) => {
        const line = bumpLine({ base: hl.base, bumps: hl.bumps });
        hillLines.push(line);
        const d = areaBelow(line);
        const col = mix(hl.col, '#ffe9c0', 0.3 - i * 0.05);
        s.add(pathEl(d, col));
        if (hl.stripes) {
          let st = '';
          for (let k = 1; k < 14; k++) {
            const off = k * k * 2.2 + k * 6;
            st += `<path d="${smoothPath(line.map(([x, y]) => [x, y + off]))}" stroke="${darken(col, 0.12)}" stroke-width="${f(2 + k * 0.5)}" fill="none" opacity="0.45"/>`;
          }
          s.add(`<g clip-path="${s.clip(d)}">${st}</g>`);
        }
        // hedgerow along the crest
        if (i > 0 && i < 5) {
          for (let x = -10; x < W + 10; x += 10 + i * 2) {
            if (r.chance(0.75)) s.add(circle(x, yAt(line, x) + 2, 4 + i * 1.2, '#5d7f38'));
          }
        }
      });
      // lone trees with long shadows (sun on the right)
      for (const [li, x] of [
        [1, 430],
        [2, 760],
        [3, 330],
        [3, 380],
        [4, 920],
        [2, 120],
      ]) {
        const y = yAt(hillLines[li], x) + 6;
        const h = 30 + li * 22;
        s.add(ellipse(x - h * 0.7, y + 2, h * 0.8, h * 0.06, '#4d6b2e', 'opacity="0.35"'));
        s.add(roundTree(x, y, h, '#5f8f3a', { dark: '#456f2a', light: '#c5dc7a', trunk: '#5a4030' }));
      }
      // barn
      const bx = 620;
      const by = yAt(hillLines[3], 620) + 6;
      s.add(rect(bx - 30, by - 34, 60, 34, '#c0392b'), pathEl(`M${bx - 36} ${by - 32}L${bx} ${by - 58}L${bx + 36} ${by - 32}Z`, '#7b241c'));
      s.add(
        rect(bx - 10, by - 22, 20, 22, '#f5e6c8'),
        `<path d="M${bx - 10} ${by - 22}l20 22M${bx + 10} ${by - 22}l-20 22" stroke="#c0392b" stroke-width="2"/>`,
      );
      s.add(rect(bx + 34, by - 50, 16, 50, '#d5d8dc'), ellipse(bx + 42, by - 50, 8, 4, '#aeb6bf'));
      const road = winding({ x0: 160, y0: 840, x1: 600, y1: by + 4, w0: 120, w1: 6, amp: 200, turns: 1.4, phase: 1.2, persp: 1.5 });
      s.add(pathEl(road.d, '#f3dfae', `clip-path="${s.clip(`M0 ${by}H${W}V${H}H0Z`)}"`));
      s.add(grassTufts(r, 60, { x0: 0, x1: W, y0: 700, y1: 800, col: '#4d7f34' }));
      s.add(birds(r, 700, 200, 3, '#8a5a3a', 1));
    },
  },
  {
    name: 'sandy-coast',
    title: 'Sandy Coast',
    blurb: 'Tropical noon: turquoise shallows breaking on a wide sand beach, dunes with beach grass and leaning palms.',
    draw(s, r) {
      const hz = 370;
      skyRect(s, [
        [0, '#139ed6'],
        [0.45, '#bfeaff'],
      ]);
      sunGlow(s, 1020, 100, 40, '#ffffff', '#fff7c2', 240, 0.7);
      s.add(cloud(240, 150, 1.2), cloud(600, 230, 0.7), cloud(780, 110, 0.9));
      // distant island
      s.add(pathEl(areaBelow(bumpLine({ base: hz, bumps: [{ x: 260, w: 110, h: 26 }], x0: 140, x1: 400 }), { bottom: hz + 2 }), '#5fa4a8'));
      s.add(
        rect(
          0,
          hz,
          W,
          H - hz,
          s.lin([
            [0, '#1f86bf'],
            [0.35, '#19a9c2'],
            [0.7, '#48d6cc'],
          ]),
        ),
      );
      const shore = bumpLine({
        base: 640,
        bumps: [
          { x: 200, w: 300, h: -30 },
          { x: 900, w: 400, h: 70 },
        ],
        tilt: -0.13,
      });
      const wet = shore.map(([x, y]) => [x, y - 16 - (y - hz) * 0.04]);
      const foam = shore.map(([x, y]) => [x, y - 26 - (y - hz) * 0.06]);
      s.add(pathEl(areaBelow(foam), '#ffffff', 'opacity="0.8"'));
      s.add(
        `<path d="${smoothPath(foam.map(([x, y]) => [x, y - 22]))}" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.6" stroke-dasharray="40 18"/>`,
      );
      s.add(
        `<path d="${smoothPath(foam.map(([x, y]) => [x, y - 50]))}" stroke="#ffffff" stroke-width="2" fill="none" opacity="0.45" stroke-dasharray="26 30"/>`,
      );
      s.add(pathEl(areaBelow(wet), '#e4c68e'));
      s.add(
        pathEl(
          areaBelow(shore),
          s.lin([
            [0, '#f8e3b2'],
            [1, '#efcf90'],
          ]),
        ),
      );
      // dunes
      const dunes = bumpLine({
        base: 760,
        bumps: [
          { x: 1100, w: 300, h: 190 },
          { x: 800, w: 200, h: 70 },
        ],
        x0: 500,
      });
      s.add(pathEl(areaBelow(dunes), '#e8c27e'));
      s.add(
        `<g clip-path="${s.clip(areaBelow(dunes))}">${pathEl(areaBelow(dunes.map(([x, y]) => [x + 60, y + 30])), '#d9ad66', 'opacity="0.6"')}</g>`,
      );
      s.add(grassTufts(r, 90, { x0: 700, x1: W, y0: 600, y1: 790, col: '#7f9d4a', scale: 1.6 }));
      // footprints
      const fp = winding({ x0: 420, y0: 840, x1: 1000, y1: 560, w0: 0, w1: 0, amp: 80, turns: 0.8, phase: 0 }).center;
      fp.forEach(([x, y], i) => {
        if (i % 3) return;
        const sc = 0.4 + (y - 540) / 300;
        s.add(ellipse(x + (i % 6 ? 6 : -6) * sc, y, 3.2 * sc, 5.5 * sc, '#d7b477', `transform="rotate(-25 ${f(x)} ${f(y)})"`));
      });
      // sailboat
      s.add(pathEl('M640 420l0 -46l26 40z', '#ffffff'), pathEl('M624 424h48l-8 8h-34z', '#2b4c6f'));
      s.add(palm(160, 830, 420, 120, '#9b6b43', '#2f9e5a', '#23804a'));
      s.add(palm(1060, 690, 300, -70, '#a7774c', '#3aae64', '#2a8c4f'));
      s.add(palm(1160, 700, 250, -30, '#9b6b43', '#2f9e5a', '#23804a'));
      // driftwood and shells
      s.add(`<path d="M520 760l150 -18" stroke="#a58a66" stroke-width="10" stroke-linecap="round"/>`);
      for (let i = 0; i < 14; i++) s.add(circle(r.range(300, 900), r.range(650, 790), r.range(2, 4), '#fff7ea'));
    },
  },
  {
    name: 'canyon',
    title: 'Canyon',
    blurb: 'Late-afternoon desert canyon: striped red-rock walls and mesas under an orange sky, cacti along a sandy wash.',
    draw(s, r) {
      skyRect(s, [
        [0, '#e9724c'],
        [0.35, '#f5a962'],
        [0.62, '#fde0a2'],
      ]);
      sunGlow(s, 260, 330, 46, '#fff6d5', '#ffe1a0', 300, 0.7);
      s.add(birds(r, 820, 160, 2, '#7a3420', 1.4));
      const mesa = (x0, x1, top, base, col, rough) => {
        const pts = [
          [x0 - 40, base],
          [x0, top + rough],
          [x0 + 10, top],
        ];
        for (let x = x0 + 30; x < x1 - 20; x += 30) pts.push([x, top + r.range(-3, 3)]);
        pts.push([x1 - 10, top], [x1, top + rough * 0.7], [x1 + 50, base]);
        return pts;
      };
      const far = [
        mesa(-60, 220, 400, 480, '', 30),
        mesa(420, 560, 396, 480, '', 20),
        mesa(700, 900, 380, 480, '', 26),
        mesa(980, 1240, 410, 480, '', 24),
      ];
      for (const m of far) s.add(pathEl(polyPath(m), '#e2a08a'));
      s.add(rect(0, 470, W, 40, '#e7ae8c'));
      // mid buttes with strata
      const buttes = [
        { pts: mesa(560, 690, 420, 540, '', 18), col: '#c8643c' },
        {
          pts: [
            [500, 540],
            [512, 450],
            [520, 436],
            [532, 438],
            [540, 452],
            [552, 540],
          ],
          col: '#bf5a36',
        },
      ];
      for (const b of buttes) {
        const d = polyPath(b.pts);
        s.add(pathEl(d, b.col));
        let st = '';
        for (let y = 340; y < 560; y += r.range(14, 26)) st += rect(0, y, W, r.range(3, 8), darken(b.col, 0.15), 'opacity="0.6"');
        const rx = b.pts[b.pts.length - 2][0];
        const span = rx - b.pts[1][0];
        st += pathEl(
          polyPath([
            [rx - span * 0.3, 280],
            [rx + 80, 280],
            [rx + 80, 600],
            [rx - span * 0.1, 600],
          ]),
          '#6d2a1a',
          'opacity="0.35"',
        );
        s.add(`<g clip-path="${s.clip(d)}">${st}</g>`);
      }
      // canyon floor
      s.add(
        rect(
          0,
          520,
          W,
          H,
          s.lin([
            [0, '#eab47a'],
            [1, '#d9925a'],
          ]),
        ),
      );
      // walls
      const wallL = polyPath([
        [-20, 240],
        [120, 250],
        [150, 330],
        [260, 350],
        [280, 440],
        [380, 470],
        [400, 560],
        [470, 600],
        [430, 700],
        [520, 820],
        [-20, 820],
      ]);
      const wallR = polyPath([
        [1220, 200],
        [1110, 210],
        [1080, 300],
        [980, 320],
        [960, 420],
        [860, 450],
        [840, 540],
        [770, 580],
        [800, 700],
        [700, 820],
        [1220, 820],
      ]);
      for (const [d, col, shade] of [
        [wallL, '#b5502d', 0.12],
        [wallR, '#8d3c24', 0.18],
      ]) {
        s.add(pathEl(d, col));
        let st = '';
        for (let y = 200; y < 820; y += r.range(16, 30)) {
          st += `<path d="M0 ${f(y)}Q600 ${f(y + r.range(-14, 14))} 1200 ${f(y)}" stroke="${darken(col, shade + 0.1)}" stroke-width="${f(r.range(3, 9))}" fill="none" opacity="0.55"/>`;
        }
        st += `<path d="M0 0" />`;
        s.add(`<g clip-path="${s.clip(d)}">${st}</g>`);
      }
      s.add(
        `<path d="M-20 240L120 250L150 330L260 350L280 440L380 470L400 560L470 600" stroke="#e58355" stroke-width="5" fill="none" stroke-linejoin="round"/>`,
      );
      // dry wash / trail
      const wash = winding({ x0: 600, y0: 840, x1: 620, y1: 520, w0: 260, w1: 10, amp: 90, turns: 1.2, phase: 0.4 });
      s.add(pathEl(wash.d, '#f4d2a0'));
      s.add(strokeOf(r, wash.center, { col: '#c98b55', op: 0.6, every: 3, len: 0.3 }));
      // rocks, shrubs, cacti
      for (let i = 0; i < 26; i++) {
        const y = r.range(540, 790);
        const x = r.range(420, 800);
        const c = wash.widthAt(y);
        if (Math.abs(x - c[0]) < c[2] * 0.6) continue;
        const k = (y - 500) / 100;
        if (r.chance(0.5)) s.add(ellipse(x, y, 8 * k, 5 * k, '#8a8f4a'));
        else
          s.add(
            pathEl(
              `M${f(x - 8 * k)} ${f(y)}q${f(2 * k)} ${f(-9 * k)} ${f(9 * k)} ${f(-8 * k)}q${f(6 * k)} ${f(2 * k)} ${f(7 * k)} ${f(8 * k)}z`,
              '#9b5a3a',
            ),
          );
      }
      const saguaro = (x, y, h, col) => {
        const w = h * 0.13;
        const sw = `stroke="${col}" stroke-width="${f(w)}" stroke-linecap="round" fill="none"`;
        return (
          `<path d="M${f(x)} ${f(y)}V${f(y - h)}" ${sw}/>` +
          `<path d="M${f(x)} ${f(y - h * 0.45)}h${f(-h * 0.22)}V${f(y - h * 0.8)}" ${sw} stroke-linejoin="round"/>` +
          `<path d="M${f(x)} ${f(y - h * 0.55)}h${f(h * 0.2)}V${f(y - h * 0.85)}" ${sw} stroke-linejoin="round"/>`
        );
      };
      s.add(
        saguaro(520, 640, 80, '#4f6b37'),
        saguaro(860, 700, 120, '#4a6532'),
        saguaro(320, 800, 230, '#3b5428'),
        saguaro(1000, 820, 260, '#344a24'),
      );
      s.add(saguaro(690, 560, 40, '#5c7a42'));
    },
  },
  {
    name: 'alpine-meadow',
    title: 'Alpine Meadow',
    blurb: 'Crisp clear morning below jagged snowy peaks: a bright meadow full of wildflowers, scattered pines and a log cabin.',
    draw(s, r) {
      skyRect(s, [
        [0, '#1c64d0'],
        [0.55, '#b4defc'],
      ]);
      s.add(cloud(1000, 140, 0.9, '#ffffff', 0.85), cloud(180, 200, 0.7, '#ffffff', 0.8));
      mountainLayer(s, r, {
        base: 500,
        peaks: [
          { x: 140, h: 300, w: 300 },
          { x: 480, h: 380, w: 300 },
          { x: 700, h: 300, w: 240 },
          { x: 1000, h: 360, w: 320 },
        ],
        jag: 0.12,
        color: '#7b8eab',
        snowY: 290,
        snowJag: 40,
        snowColor: '#f7fbff',
        shadow: '#2b3c66',
        shadowOp: 0.3,
      });
      const ridge = mountainLayer(s, r, {
        base: 540,
        peaks: [
          { x: 30, h: 150, w: 260 },
          { x: 330, h: 90, w: 220 },
          { x: 860, h: 120, w: 260 },
          { x: 1180, h: 160, w: 280 },
        ],
        color: '#5d8a72',
        shadow: '#1f3d35',
        shadowOp: 0.25,
      });
      s.add(
        forestRow(
          r,
          ridge.map(([x, y]) => [x, y + 10]),
          { spacing: [8, 16], h: [16, 30], col: '#2f6a4f', skip: () => r.chance(0.4) },
        ),
      );
      const meadow = hillLine(r, { base: 540, amp: 28, freq: 1.4 });
      s.add(
        pathEl(
          areaBelow(meadow),
          s.lin([
            [0, '#a8d45a'],
            [1, '#6fae3a'],
          ]),
        ),
      );
      // stream
      const stream = winding({ x0: 1000, y0: 840, x1: 820, y1: 545, w0: 70, w1: 4, amp: 120, turns: 1.1, phase: 2 });
      s.add(pathEl(stream.d, '#7fd0f2'));
      s.add(strokeOf(r, stream.center, { col: '#ffffff', op: 0.7, every: 4, len: 0.4 }));
      const trail = winding({ x0: 380, y0: 840, x1: 660, y1: 560, w0: 90, w1: 4, amp: 140, turns: 1.2, phase: 4.4 });
      s.add(pathEl(trail.d, '#e9d8a8'));
      // cabin
      const cx = 640;
      const cy = 590;
      s.add(rect(cx - 34, cy - 28, 68, 30, '#8d5a3b'));
      for (let i = 0; i < 4; i++) s.add(rect(cx - 34, cy - 26 + i * 7, 68, 2, '#6e4229'));
      s.add(pathEl(`M${cx - 42} ${cy - 26}L${cx} ${cy - 56}L${cx + 42} ${cy - 26}Z`, '#4e2f20'));
      s.add(rect(cx + 16, cy - 54, 8, 16, '#4e2f20'), rect(cx - 8, cy - 18, 12, 20, '#3a2316'), rect(cx + 12, cy - 20, 12, 10, '#ffe29a'));
      // flowers
      const cols = ['#ffffff', '#ffd54f', '#f06292', '#ba68c8', '#ff8a65', '#4fc3f7'];
      for (let i = 0; i < 700; i++) {
        const y = 560 + Math.pow(r.next(), 0.8) * 250;
        const x = r.range(0, W);
        const k = (y - 540) / 120;
        s.add(circle(x, y, 0.8 + k * 1.6, r.pick(cols)));
      }
      for (const [x, y, h] of [
        [120, 620, 120],
        [170, 640, 90],
        [980, 600, 110],
        [1040, 615, 140],
        [1110, 650, 180],
        [300, 585, 60],
        [760, 580, 50],
      ]) {
        s.add(pine(x, y, h, '#2e6b3f', '#245734', '#5a3d27'));
      }
      s.add(grassTufts(r, 60, { x0: 0, x1: W, y0: 700, y1: 800, col: '#5a9a34' }));
    },
  },
  {
    name: 'waterfall-gorge',
    title: 'Waterfall Gorge',
    blurb: 'Lush green gorge: a tall white waterfall plunges between mossy rock walls into a teal pool with stepping stones.',
    draw(s, r) {
      skyRect(s, [
        [0, '#9fd4c4'],
        [0.45, '#eef7ea'],
      ]);
      const mist = s.blur(18);
      const far = hillLine(r, { base: 200, amp: 30, freq: 2 });
      s.add(pathEl(areaBelow(far), '#a9cdb8'));
      s.add(forestRow(r, far, { spacing: [8, 14], h: [16, 26], col: '#90bfa5' }));
      // back wall in shade
      s.add(
        rect(
          0,
          188,
          W,
          440,
          s.lin([
            [0, '#5d6f68'],
            [1, '#3c4a45'],
          ]),
        ),
      );
      let back = '';
      for (let y = 214; y < 600; y += r.range(22, 40)) {
        back += `<path d="M0 ${f(y)}Q600 ${f(y + r.range(-10, 10))} 1200 ${f(y)}" stroke="#2e3a36" stroke-width="${f(r.range(2, 4))}" fill="none" opacity="0.45"/>`;
      }
      for (let i = 0; i < 14; i++) {
        const x = r.range(380, 820);
        const y = r.range(200, 560);
        back += `<path d="M${f(x)} ${f(y)}l${f(r.range(-8, 8))} ${f(r.range(30, 70))}" stroke="#2e3a36" stroke-width="2" opacity="0.4"/>`;
      }
      s.add(back);
      // waterfall
      const fall = `M560 186C570 260 556 400 530 600L690 600C664 400 650 260 660 186Z`;
      s.add(
        pathEl(
          fall,
          s.lin([
            [0, '#f4fbff'],
            [1, '#c4e8f4'],
          ]),
        ),
      );
      for (let i = 0; i < 26; i++) {
        const x = r.range(566, 654);
        const w = r.range(1.5, 4);
        const y0 = r.range(190, 300);
        s.add(
          `<path d="M${f(x)} ${f(y0)}Q${f(x - 4)} 420 ${f(x + (x - 610) * 0.6)} 595" stroke="${r.chance(0.5) ? '#9ccfe2' : '#ffffff'}" stroke-width="${f(w)}" fill="none" opacity="0.7"/>`,
        );
      }
      s.add(ellipse(610, 186, 58, 8, '#e6f6fb'));
      // mossy floor of the gorge
      s.add(
        pathEl(
          'M300 640Q610 570 920 640L1220 820H-20Z',
          s.lin([
            [0, '#6e9a56'],
            [1, '#4c7a3e'],
          ]),
        ),
      );
      // pool
      s.add(ellipse(610, 640, 250, 64, '#8b948c'));
      s.add(
        ellipse(
          610,
          642,
          236,
          56,
          s.lin([
            [0, '#6cc9c0'],
            [1, '#2f9a98'],
          ]),
        ),
      );
      s.add(
        `<g filter="${mist}">${ellipse(610, 600, 150, 42, '#ffffff', 'opacity="0.9"')}${ellipse(550, 560, 70, 44, '#ffffff', 'opacity="0.5"')}${ellipse(676, 552, 64, 50, '#ffffff', 'opacity="0.45"')}</g>`,
      );
      for (let i = 0; i < 12; i++) {
        const y = r.range(622, 690);
        s.add(
          `<path d="M${f(r.range(420, 760))} ${f(y)}h${f(r.range(20, 60))}" stroke="#ffffff" stroke-width="2" opacity="0.6" stroke-linecap="round"/>`,
        );
      }
      const stream = winding({ x0: 600, y0: 840, x1: 612, y1: 690, w0: 250, w1: 130, amp: 40, turns: 0.6, phase: 1 });
      s.add(
        pathEl(
          stream.d,
          s.lin([
            [0, '#2f9a98'],
            [1, '#52b8b0'],
          ]),
        ),
      );
      s.add(strokeOf(r, stream.center, { col: '#ffffff', op: 0.5, every: 5, len: 0.3 }));
      // side walls: lit left, shaded right
      const wallL = `M-20 120L140 110L200 180L330 190L360 280L450 300L470 420L520 450L500 560L420 640L380 820L-20 820Z`;
      const wallR = `M1220 100L1060 120L1020 190L880 200L860 300L760 320L750 430L700 460L720 560L800 640L840 820L1220 820Z`;
      for (const [d, col, dark, lit] of [
        [wallL, '#8c8470', '#6a6353', '#a59c84'],
        [wallR, '#676052', '#4f493e', '#7c7563'],
      ]) {
        s.add(pathEl(d, col));
        let st = '';
        for (let i = 0; i < 9; i++) {
          const x = r.range(0, W);
          const y = r.range(100, 700);
          const w = r.range(60, 160);
          const h = r.range(80, 200);
          st += pathEl(
            polyPath([
              [x, y],
              [x + w * 0.6, y + h * 0.1],
              [x + w, y + h],
              [x + w * 0.2, y + h * 0.9],
            ]),
            dark,
            'opacity="0.55"',
          );
        }
        for (let y = 150; y < 820; y += r.range(55, 95)) {
          const ledge = [];
          for (let x = -20; x <= 1220; x += 60) ledge.push([x, y + r.range(-9, 9) + (x - 600) * 0.02]);
          st += `<path d="${polyPath(ledge, false)}" stroke="${dark}" stroke-width="${f(r.range(4, 7))}" fill="none" stroke-linejoin="round"/>`;
          st += `<path d="${polyPath(
            ledge.map(([x, yy]) => [x, yy - 5]),
            false,
          )}" stroke="${lit}" stroke-width="2.5" fill="none" opacity="0.8"/>`;
          for (let k = 0; k < 10; k++) {
            const x = r.range(0, W);
            const ly = yAt(ledge, x) - 6;
            const w = r.range(14, 40);
            st += ellipse(x, ly, w, w * 0.35, '#5f9a4c') + ellipse(x - w * 0.3, ly - w * 0.12, w * 0.55, w * 0.25, '#7cb85a');
          }
          for (let k = 0; k < 5; k++) {
            const x = r.range(0, W);
            const ly = yAt(ledge, x);
            st += `<path d="M${f(x)} ${f(ly)}l${f(r.range(-6, 6))} ${f(r.range(25, 55))}" stroke="${dark}" stroke-width="2" opacity="0.7"/>`;
          }
        }
        s.add(`<g clip-path="${s.clip(d)}">${st}</g>`);
      }
      // vegetation on the rims
      const rimL = [
        [-20, 120],
        [140, 110],
        [200, 180],
        [330, 190],
        [360, 280],
        [450, 300],
      ];
      const rimR = [
        [1220, 100],
        [1060, 120],
        [1020, 190],
        [880, 200],
        [860, 300],
        [760, 320],
      ];
      for (const rim of [rimL, rimR]) {
        for (let i = 0; i < rim.length - 1; i++) {
          const [xa, ya] = rim[i];
          const [xb, yb] = rim[i + 1];
          for (let k = 0; k < 3; k++) {
            const t = r.next();
            const x = xa + (xb - xa) * t;
            const y = ya + (yb - ya) * t + 6;
            s.add(
              `<path d="M${f(x)} ${f(y)}q${f(r.range(-10, 10))} 40 ${f(r.range(-6, 6))} ${f(r.range(40, 110))}" stroke="#3f8f4f" stroke-width="2.5" fill="none"/>`,
            );
          }
          for (let t = 0; t < 1; t += 0.2) {
            const x = xa + (xb - xa) * t;
            const y = ya + (yb - ya) * t + 8;
            s.add(roundTree(x, y, r.range(50, 90), r.pick(['#3f8f4f', '#4f9f52', '#2f7a45']), { dark: '#24603a', trunk: '#3e2f22' }));
          }
        }
      }
      for (const [x, y, rr] of [
        [520, 730, 22],
        [590, 760, 26],
        [660, 796, 30],
        [450, 690, 30],
        [780, 700, 34],
        [410, 790, 44],
        [830, 780, 40],
      ]) {
        s.add(ellipse(x, y, rr * 1.3, rr * 0.6, '#7d8a86'), ellipse(x - rr * 0.2, y - rr * 0.2, rr * 0.9, rr * 0.3, '#a3b0ab'));
      }
      // ferns in the foreground
      const fern = (x, y, sz, flip) => {
        let out = '';
        for (let k = 0; k < 7; k++) {
          const a = -Math.PI / 2 + (k - 3) * 0.34 * flip;
          const ex = x + Math.cos(a) * sz;
          const ey = y + Math.sin(a) * sz;
          const mx = x + Math.cos(a) * sz * 0.5 + 20 * flip;
          const my = y + Math.sin(a) * sz * 0.7;
          const bez = (t) => [
            (1 - t) * (1 - t) * x + 2 * (1 - t) * t * mx + t * t * ex,
            (1 - t) * (1 - t) * y + 2 * (1 - t) * t * my + t * t * ey,
          ];
          const leftSide = [];
          const rightSide = [];
          for (let j = 0; j <= 12; j++) {
            const t = j / 12;
            const [px, py] = bez(t);
            const [qx, qy] = bez(Math.min(1, t + 0.01));
            const ang = Math.atan2(qy - py, qx - px) + Math.PI / 2;
            const l = sz * 0.15 * Math.sin(Math.PI * Math.min(1, t * 1.1 + 0.08)) * (j % 2 ? 1 : 0.55);
            leftSide.push([px + Math.cos(ang) * l, py + Math.sin(ang) * l]);
            rightSide.push([px - Math.cos(ang) * l, py - Math.sin(ang) * l]);
          }
          out += pathEl(polyPath([...leftSide, ...rightSide.reverse()]), k % 2 ? '#4f9f45' : '#3f8a3c');
          out += `<path d="M${x} ${y}Q${f(mx)} ${f(my)} ${f(ex)} ${f(ey)}" stroke="#2a6a30" stroke-width="2" fill="none" stroke-linecap="round"/>`;
        }
        return out;
      };
      s.add(fern(70, 810, 170, 1), fern(1130, 810, 190, -1), fern(300, 830, 100, 1), fern(960, 830, 90, -1));
    },
  },
  {
    name: 'vineyard-valley',
    title: 'Vineyard Valley',
    blurb: 'Warm late afternoon in wine country: striped vine terraces, a cypress-lined lane and a terracotta farmhouse.',
    draw(s, r) {
      skyRect(s, [
        [0, '#b788b0'],
        [0.3, '#f0a98a'],
        [0.55, '#fde3bd'],
      ]);
      sunGlow(s, 280, 300, 44, '#fff3da', '#ffd9a8', 300, 0.7);
      const far = hillLine(r, { base: 400, amp: 40, freq: 1.8 });
      s.add(pathEl(areaBelow(far), '#c69aa5'));
      const far2 = bumpLine({
        base: 450,
        bumps: [
          { x: 250, w: 300, h: 50 },
          { x: 900, w: 360, h: 70 },
        ],
      });
      s.add(pathEl(areaBelow(far2), '#a9b07e'));
      const hillsDef = [
        {
          line: bumpLine({
            base: 520,
            bumps: [
              { x: 150, w: 380, h: 120 },
              { x: 1000, w: 260, h: 60 },
            ],
          }),
          soil: '#cdb06a',
          row: '#6f8a36',
          gap: 10,
        },
        { line: bumpLine({ base: 600, bumps: [{ x: 900, w: 420, h: 150 }] }), soil: '#c9a45e', row: '#5f7d2c', gap: 16 },
      ];
      const hillLines = [];
      for (const hd of hillsDef) {
        const d = areaBelow(hd.line);
        hillLines.push(hd.line);
        s.add(pathEl(d, hd.soil));
        let rows = '';
        for (let k = 1; k < 30; k++) {
          const off = k * hd.gap * (1 + k * 0.06);
          rows += `<path d="${smoothPath(hd.line.map(([x, y]) => [x, y + off]))}" stroke="${hd.row}" stroke-width="${f(2 + k * 0.35)}" fill="none" stroke-dasharray="${f(3 + k * 0.3)} ${f(2 + k * 0.15)}"/>`;
        }
        s.add(`<g clip-path="${s.clip(d)}">${rows}</g>`);
      }
      // farmhouse on the far hill
      const fx = 170;
      const fy = yAt(hillLines[0], 170) + 6;
      s.add(
        rect(fx - 40, fy - 34, 80, 34, '#f1d7a8'),
        pathEl(`M${fx - 46} ${fy - 32}L${fx - 30} ${fy - 48}H${fx + 30}L${fx + 46} ${fy - 32}Z`, '#c0583a'),
      );
      s.add(
        rect(fx + 20, fy - 64, 22, 36, '#ecd0a0'),
        pathEl(`M${fx + 17} ${fy - 62}L${fx + 31} ${fy - 72}L${fx + 45} ${fy - 62}Z`, '#b04e32'),
      );
      for (const wx of [-28, -10, 8]) s.add(rect(fx + wx, fy - 24, 7, 10, '#6b4b3a'));
      // lane with cypresses
      const lane = winding({ x0: 560, y0: 840, x1: fx + 40, y1: fy, w0: 110, w1: 6, amp: 120, turns: 1, phase: 0.2, persp: 1.4 });
      s.add(pathEl(lane.d, '#f1dbad'));
      const cyp = [];
      for (let i = 6; i < lane.center.length - 4; i += 7) {
        const [x, y, w] = lane.center[i];
        const h = 20 + (y - fy) * 0.55;
        cyp.push([x - w / 2 - h * 0.15, y, h], [x + w / 2 + h * 0.15, y, h]);
      }
      cyp.sort((a, b) => a[1] - b[1]);
      for (const [x, y, h] of cyp)
        s.add(ellipse(x - h * 0.3, y, h * 0.35, h * 0.04, '#5a4a2a', 'opacity="0.35"'), cypress(x, y, h, '#35602f', '#284b24'));
      // olive trees on the near hill
      for (const [x, h] of [
        [1080, 90],
        [1150, 120],
        [700, 70],
      ]) {
        s.add(roundTree(x, yAt(hillLines[1], x) + 40, h, '#8a9a5b', { dark: '#6d7d45', trunk: '#5b4632' }));
      }
      s.add(birds(r, 820, 220, 3, '#6d3f50', 1));
    },
  },
  {
    name: 'autumn-woods',
    title: 'Autumn Woods',
    blurb: 'Hazy autumn afternoon: tall trunks under orange, red and gold canopies, and a leaf-strewn path into the woods.',
    draw(s, r) {
      const haze = '#f7e3c4';
      skyRect(s, [
        [0, '#f5cf98'],
        [0.6, haze],
      ]);
      sunGlow(s, 820, 300, 70, '#fff6dc', '#fff0c8', 420, 0.8);
      s.add(
        rect(
          0,
          455,
          W,
          H,
          s.lin([
            [0, '#e6b07a'],
            [0.35, '#d48a4a'],
            [1, '#a8521f'],
          ]),
        ),
      );
      const layerDefs = [
        { n: 30, w: [4, 7], col: '#b07a55', canopy: ['#e08a3c', '#e5a03f', '#d9722f'], base: 470, r: [30, 50], haze: 0.62 },
        { n: 18, w: [8, 14], col: '#8a5434', canopy: ['#e08a3c', '#e5a03f', '#d9722f', '#c9542a'], base: 525, r: [50, 80], haze: 0.32 },
        { n: 9, w: [18, 28], col: '#5e3622', canopy: ['#d9531e', '#e07b24', '#f2b134', '#c8421d'], base: 640, r: [80, 120], haze: 0 },
      ];
      const rays = s.lin([
        [0, '#fff8e0', 0.4],
        [1, '#fff8e0', 0],
      ]);
      layerDefs.forEach((L, li) => {
        const xs = [];
        for (let i = 0; i < L.n; i++) xs.push((i + r.range(0.1, 0.9)) * (W / L.n));
        const hz = (c) => mix(c, haze, L.haze);
        for (const x of xs) {
          if (li === 2 && x > 470 && x < 760) continue;
          const w = r.range(L.w[0], L.w[1]);
          const y = L.base + r.range(-6, 10);
          s.add(pathEl(`M${f(x - w / 2)} ${f(y)}L${f(x - w * 0.3)} -10H${f(x + w * 0.3)}L${f(x + w / 2)} ${f(y)}Z`, hz(L.col)));
          if (li > 0) {
            s.add(
              pathEl(
                `M${f(x + w * 0.1)} ${f(y)}L${f(x + w * 0.05)} -10H${f(x + w * 0.3)}L${f(x + w / 2)} ${f(y)}Z`,
                hz(darken(L.col, 0.25)),
              ),
            );
            s.add(
              `<path d="M${f(x)} ${f(y - 220 + li * 20)}l${f(w * 1.8 * (r.chance(0.5) ? 1 : -1))} -50" stroke="${hz(L.col)}" stroke-width="${f(w * 0.35)}" stroke-linecap="round"/>`,
            );
          }
          s.add(ellipse(x, y, w * 1.2, w * 0.25, hz('#7a3c18'), 'opacity="0.35"'));
        }
        for (const x of xs) {
          for (let k = 0; k < 4; k++) {
            s.add(circle(x + r.range(-60, 60), r.range(-40, 250 - li * 70), r.range(L.r[0], L.r[1]), hz(r.pick(L.canopy))));
          }
        }
        if (li === 1) {
          s.add(pathEl('M820 300L420 800H560Z', rays), pathEl('M820 300L700 800H800Z', rays), pathEl('M820 300L960 800H1080Z', rays));
        }
      });
      const trail = winding({ x0: 580, y0: 840, x1: 640, y1: 486, w0: 320, w1: 10, amp: 110, turns: 1, phase: 4 });
      s.add(
        pathEl(
          trail.d,
          s.lin([
            [0, '#f3d9a6'],
            [1, '#fbeccc'],
          ]),
        ),
      );
      const leafCols = ['#d9531e', '#f2b134', '#e07b24', '#b8401a', '#f5c65a', '#8f2f14'];
      const leaf = (x, y, sz, c, rot) =>
        pathEl(
          `M${f(x - sz)} ${f(y)}Q${f(x)} ${f(y - sz * 0.8)} ${f(x + sz)} ${f(y)}Q${f(x)} ${f(y + sz * 0.8)} ${f(x - sz)} ${f(y)}Z`,
          c,
          `transform="rotate(${f(rot)} ${f(x)} ${f(y)})"`,
        );
      for (let i = 0; i < 520; i++) {
        const y = 490 + Math.pow(r.next(), 0.7) * 310;
        const k = (y - 470) / 80;
        const x = r.range(0, W);
        const c = trail.widthAt(y);
        if (Math.abs(x - c[0]) < c[2] * 0.45 && r.chance(0.7)) continue;
        s.add(leaf(x, y, 1.5 + k * 2, r.pick(leafCols), r.range(0, 180)));
      }
      for (let i = 0; i < 26; i++) s.add(leaf(r.range(0, W), r.range(80, 640), r.range(5, 10), r.pick(leafCols), r.range(0, 180)));
      s.add(grassTufts(r, 30, { x0: 0, x1: W, y0: 700, y1: 800, col: '#7a3c18', scale: 1.3 }));
    },
  },
  {
    name: 'island-bay',
    title: 'Island Bay',
    blurb: 'Starry twilight over a calm bay: palm-topped islands silhouetted against a violet-orange sky, moonlight on the water.',
    draw(s, r) {
      const hz = 450;
      skyRect(s, [
        [0, '#101944'],
        [0.3, '#33286a'],
        [0.46, '#8f4a7c'],
        [0.57, '#f0925e'],
      ]);
      for (let i = 0; i < 140; i++) {
        const y = Math.pow(r.next(), 1.5) * 330;
        s.add(circle(r.range(0, W), y, r.range(0.6, 1.8), '#ffffff', `opacity="${f(r.range(0.3, 0.95) * (1 - y / 400))}"`));
      }
      const mid = s.id('moon');
      s.defs.push(`<mask id="${mid}"><rect width="${W}" height="${H}" fill="#fff"/><circle cx="942" cy="136" r="36" fill="#000"/></mask>`);
      s.add(
        circle(
          960,
          150,
          90,
          s.rad([
            [0, '#fdf1c8', 0.25],
            [1, '#fdf1c8', 0],
          ]),
        ),
        circle(960, 150, 38, '#fdf3d0', `mask="url(#${mid})"`),
      );
      const scene = [];
      const keep = (str) => {
        s.add(str);
        scene.push(str);
      };
      keep(
        pathEl(
          areaBelow(
            bumpLine({
              base: hz,
              bumps: [
                { x: 120, w: 200, h: 40 },
                { x: 330, w: 120, h: 20 },
              ],
              x0: -20,
              x1: 460,
            }),
            { bottom: hz + 1 },
          ),
          '#6b3f72',
        ),
      );
      keep(
        pathEl(
          areaBelow(
            bumpLine({
              base: hz,
              bumps: [
                { x: 720, w: 160, h: 90 },
                { x: 840, w: 120, h: 50 },
              ],
              x0: 560,
              x1: 980,
            }),
            { bottom: hz + 1 },
          ),
          '#3a2452',
        ),
      );
      keep(palm(690, 372, 70, 8, '#2a1a3e', '#2a1a3e', '#2a1a3e'));
      keep(palm(740, 370, 60, -6, '#2a1a3e', '#2a1a3e', '#2a1a3e'));
      keep(rect(790, 388, 16, 10, '#2a1a3e') + rect(795, 391, 6, 5, '#ffc86b'));
      keep(
        pathEl(areaBelow(bumpLine({ base: hz, bumps: [{ x: 1120, w: 160, h: 60 }], x0: 980, x1: 1240 }), { bottom: hz + 1 }), '#4d2f62'),
      );
      s.add(
        rect(
          0,
          hz,
          W,
          H - hz,
          s.lin([
            [0, '#e08a68'],
            [0.25, '#7a4378'],
            [1, '#161b45'],
          ]),
        ),
      );
      s.add(
        `<g clip-path="${s.clip(`M0 ${hz}H${W}V${H}H0Z`)}" opacity="0.55"><g transform="translate(0 ${2 * hz}) scale(1 -1)">${scene.join('')}</g></g>`,
      );
      for (let i = 0; i < 40; i++) {
        const y = hz + 6 + Math.pow(r.next(), 1.4) * (H - hz);
        const d = (y - hz) / (H - hz);
        const w = 10 + d * 90 * r.range(0.4, 1);
        const x = 960 + r.range(-1, 1) * (20 + d * 80);
        s.add(
          `<path d="M${f(x - w / 2)} ${f(y)}h${f(w)}" stroke="#fdf1c8" stroke-width="${f(1 + d * 2.5)}" opacity="${f(0.75 - d * 0.35)}" stroke-linecap="round"/>`,
        );
      }
      for (let i = 0; i < 40; i++) {
        const y = r.range(hz + 10, H);
        s.add(`<path d="M${f(r.range(0, W))} ${f(y)}h${f(8 + (y - hz) * 0.2)}" stroke="#f5b38a" stroke-width="1" opacity="0.25"/>`);
      }
      // sailboat
      s.add(
        pathEl('M430 520l0 -60l34 54z', '#f3d9c4', 'opacity="0.9"'),
        pathEl('M428 520l0 -50l-22 44z', '#e9c6b0', 'opacity="0.85"'),
        pathEl('M404 522h64l-10 10h-44z', '#1d1a3d'),
      );
      // rocky shore with a trail, bottom left
      const shore = `M-20 600C120 590 260 630 360 700C420 740 470 780 500 830H-20Z`;
      s.add(pathEl(shore, '#1c1738'));
      s.add(pathEl('M-20 650C100 640 220 670 300 720C350 750 380 790 400 830H-20Z', '#15122c'));
      s.add(
        `<path d="M-20 700C80 690 170 720 230 760C260 780 280 810 290 830" stroke="#4a3a6a" stroke-width="10" fill="none" stroke-linecap="round"/>`,
      );
      s.add(palm(120, 660, 250, 60, '#120f26', '#120f26', '#120f26'));
      s.add(
        rect(300, 640, 6, 60, '#120f26'),
        circle(303, 636, 10, '#ffc86b'),
        circle(
          303,
          636,
          40,
          s.rad([
            [0, '#ffc86b', 0.5],
            [1, '#ffc86b', 0],
          ]),
        ),
      );
      s.add(grassTufts(r, 30, { x0: 0, x1: 360, y0: 640, y1: 800, col: '#2a2150', scale: 1.5 }));
    },
  },
];

// ---------------------------------------------------------------------------
// Trail maps (800×600)
// ---------------------------------------------------------------------------

const MW = 800;
const MH = 600;
const PX_PER_KM = 160;

const RAMPS = {
  alpine: [
    [0, '#cfe2b0'],
    [0.35, '#b9d19a'],
    [0.6, '#e4d8ac'],
    [0.8, '#cdb593'],
    [0.92, '#e9e5df'],
    [1, '#ffffff'],
  ],
  lowland: [
    [0, '#d8e8b8'],
    [0.5, '#c3dca0'],
    [0.8, '#e6dcae'],
    [1, '#d9c49a'],
  ],
  forest: [
    [0, '#c9e0b0'],
    [0.5, '#b5d49b'],
    [1, '#dcd3a4'],
  ],
  coastal: [
    [0, '#f2e3b6'],
    [0.12, '#dfe6b4'],
    [0.5, '#c6dca2'],
    [1, '#e0d2a2'],
  ],
  desert: [
    [0, '#f2dcb4'],
    [0.4, '#e8c193'],
    [0.7, '#d99a6a'],
    [1, '#c07a52'],
  ],
  autumn: [
    [0, '#f0dfb0'],
    [0.5, '#e8cd94'],
    [1, '#dcb37e'],
  ],
  park: [
    [0, '#d4eab4'],
    [1, '#c2e09c'],
  ],
  vine: [
    [0, '#eee2b4'],
    [0.5, '#e2d49c'],
    [1, '#d6bf8a'],
  ],
};

function rampColor(stops, t) {
  const s = stops;
  if (t <= s[0][0]) return hexToRgb(s[0][1]);
  for (let i = 1; i < s.length; i++) {
    if (t <= s[i][0]) {
      const u = (t - s[i - 1][0]) / (s[i][0] - s[i - 1][0]);
      const a = hexToRgb(s[i - 1][1]);
      const b = hexToRgb(s[i][1]);
      return a.map((v, k) => v + (b[k] - v) * u);
    }
  }
  return hexToRgb(s[s.length - 1][1]);
}

function distToPolyline(x, y, pts) {
  let best = Infinity;
  for (let i = 0; i < pts.length - 1; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[i + 1];
    const dx = bx - ax;
    const dy = by - ay;
    const t = clamp(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy));
    const ex = ax + dx * t - x;
    const ey = ay + dy * t - y;
    const d = ex * ex + ey * ey;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** Smooth a control polyline into a dense one (for channels, rivers and routes). */
function densify(points, per = 12, closed = false) {
  const n = points.length;
  const P = (i) => (closed ? points[((i % n) + n) % n] : points[clamp(i, 0, n - 1)]);
  const out = [];
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = P(i - 1);
    const p1 = P(i);
    const p2 = P(i + 1);
    const p3 = P(i + 2);
    for (let k = 0; k < per; k++) {
      const t = k / per;
      const t2 = t * t;
      const t3 = t2 * t;
      out.push(
        [0, 1].map(
          (c) =>
            0.5 *
            (2 * p1[c] +
              (-p0[c] + p2[c]) * t +
              (2 * p0[c] - 5 * p1[c] + 4 * p2[c] - p3[c]) * t2 +
              (-p0[c] + 3 * p1[c] - 3 * p2[c] + p3[c]) * t3),
        ),
      );
    }
  }
  out.push(closed ? [...points[0]] : [...points[n - 1]]);
  return out;
}

function buildField(spec, rng) {
  const n = fbm2D(rng, 5);
  const F = new Float32Array(MW * MH);
  const channels = (spec.channels ?? []).map((c) => ({ ...c, pts: densify(c.pts, 6) }));
  for (let y = 0; y < MH; y++) {
    for (let x = 0; x < MW; x++) {
      let h = spec.base ?? 0.2;
      for (const b of spec.blobs ?? []) {
        const c = Math.cos(b.rot ?? 0);
        const sn = Math.sin(b.rot ?? 0);
        const dx = x - b.x;
        const dy = y - b.y;
        const u = (dx * c + dy * sn) / b.sx;
        const v = (-dx * sn + dy * c) / b.sy;
        h += b.h * Math.exp(-(u * u + v * v) / 2);
      }
      if (spec.fn) h += spec.fn(x, y);
      h += n(x / (spec.noiseScale ?? 120), y / (spec.noiseScale ?? 120)) * (spec.noise ?? 0.08);
      for (const c of channels) {
        const d = distToPolyline(x, y, c.pts);
        h -= c.depth * (c.flat ? 1 - smoothstep(c.w * 0.6, c.w * 1.4, d) : Math.exp(-(d * d) / (c.w * c.w)));
      }
      F[y * MW + x] = h;
    }
  }
  return F;
}

function marchingSquares(F, level, step) {
  const segs = [];
  const gw = Math.floor((MW - 1) / step);
  const gh = Math.floor((MH - 1) / step);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const x0 = gx * step;
      const y0 = gy * step;
      const a = F[y0 * MW + x0];
      const b = F[y0 * MW + x0 + step];
      const c = F[(y0 + step) * MW + x0 + step];
      const d = F[(y0 + step) * MW + x0];
      const idx = (a > level ? 8 : 0) | (b > level ? 4 : 0) | (c > level ? 2 : 0) | (d > level ? 1 : 0);
      if (idx === 0 || idx === 15) continue;
      const T = () => [x0 + (step * (level - a)) / (b - a), y0];
      const R = () => [x0 + step, y0 + (step * (level - b)) / (c - b)];
      const B = () => [x0 + (step * (level - d)) / (c - d), y0 + step];
      const L = () => [x0, y0 + (step * (level - a)) / (d - a)];
      const table = {
        1: [[L, B]],
        2: [[B, R]],
        3: [[L, R]],
        4: [[T, R]],
        5: [
          [L, T],
          [B, R],
        ],
        6: [[T, B]],
        7: [[T, L]],
        8: [[T, L]],
        9: [[T, B]],
        10: [
          [T, R],
          [L, B],
        ],
        11: [[T, R]],
        12: [[L, R]],
        13: [[B, R]],
        14: [[L, B]],
      };
      for (const [p, q] of table[idx]) segs.push([p(), q()]);
    }
  }
  return segs;
}

/** Join marching-square segments into polylines so contours render as smooth curves. */
function chainSegments(segs) {
  const key = ([x, y]) => `${Math.round(x * 100)},${Math.round(y * 100)}`;
  const ends = new Map();
  const used = new Array(segs.length).fill(false);
  segs.forEach(([p, q], i) => {
    for (const pt of [p, q]) {
      const k = key(pt);
      if (!ends.has(k)) ends.set(k, []);
      ends.get(k).push(i);
    }
  });
  const lines = [];
  for (let i = 0; i < segs.length; i++) {
    if (used[i]) continue;
    used[i] = true;
    const line = [segs[i][0], segs[i][1]];
    for (const dir of [1, -1]) {
      for (;;) {
        const tip = dir === 1 ? line[line.length - 1] : line[0];
        const cand = (ends.get(key(tip)) ?? []).find((j) => !used[j]);
        if (cand === undefined) break;
        used[cand] = true;
        const [p, q] = segs[cand];
        const next = key(p) === key(tip) ? q : p;
        if (dir === 1) line.push(next);
        else line.unshift(next);
      }
    }
    lines.push(line);
  }
  return lines;
}

function contourPath(F, level, step = 4) {
  const lines = chainSegments(marchingSquares(F, level, step));
  return lines
    .filter((l) => l.length > 3)
    .map((l) => {
      const simplified = l.filter((_, i) => i % 2 === 0 || i === l.length - 1);
      return simplified.length > 2 ? smoothPath(simplified) : polyPath(simplified, false);
    })
    .join('');
}

function polylineLength(pts) {
  let len = 0;
  for (let i = 1; i < pts.length; i++) len += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
  return len;
}

// Route shapes -------------------------------------------------------------

function routeLoop(rng, { cx, cy, rx, ry, wobble = 0.16, lobes = 0, rot = 0 }) {
  const ph = [rng.range(0, 6.3), rng.range(0, 6.3), rng.range(0, 6.3)];
  const pts = [];
  const N = 18;
  for (let i = 0; i < N; i++) {
    const a = (i / N) * Math.PI * 2;
    let k = 1 + wobble * (Math.sin(2 * a + ph[0]) * 0.6 + Math.sin(3 * a + ph[1]) * 0.4 + Math.sin(5 * a + ph[2]) * 0.25);
    if (lobes) k += 0.22 * Math.sin(lobes * a + ph[0]);
    const x = Math.cos(a) * rx * k;
    const y = Math.sin(a) * ry * k;
    pts.push([cx + x * Math.cos(rot) - y * Math.sin(rot), cy + x * Math.sin(rot) + y * Math.cos(rot)]);
  }
  return { pts: densify(pts, 10, true), loop: true };
}

function routeLine(rng, { from, to, amp = 40, waves = 2, via = [] }) {
  const ctrl = [from, ...via, to];
  const dense = densify(ctrl, 20);
  const ph = rng.range(0, 6.3);
  const L = polylineLength(dense);
  let acc = 0;
  const out = dense.map((p, i) => {
    if (i > 0) acc += Math.hypot(p[0] - dense[i - 1][0], p[1] - dense[i - 1][1]);
    const t = acc / L;
    const q = dense[Math.min(i + 1, dense.length - 1)];
    const o = dense[Math.max(i - 1, 0)];
    const tx = q[0] - o[0];
    const ty = q[1] - o[1];
    const tl = Math.hypot(tx, ty) || 1;
    const off = Math.sin(t * Math.PI) * (Math.sin(t * waves * Math.PI * 2 + ph) * amp + Math.sin(t * waves * 5.3 + ph * 2) * amp * 0.3);
    return [p[0] - (ty / tl) * off, p[1] + (tx / tl) * off];
  });
  return { pts: out, loop: false };
}

function routeSwitchback(rng, { from, to, legs = 6, width = 60 }) {
  const pts = [from];
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy);
  const nx = -dy / len;
  const ny = dx / len;
  for (let i = 1; i < legs; i++) {
    const t = i / legs;
    const side = i % 2 ? 1 : -1;
    const w = width * rng.range(0.75, 1.2);
    pts.push([from[0] + dx * t + nx * side * w, from[1] + dy * t + ny * side * w]);
  }
  pts.push(to);
  return { pts: densify(pts, 12), loop: false };
}

function routeFigure8(rng, { cx, cy, a, b, rot = 0 }) {
  const pts = [];
  const N = 24;
  const ph = rng.range(0, 6.3);
  for (let i = 0; i < N; i++) {
    const t = (i / N) * Math.PI * 2;
    const k = 1 + 0.08 * Math.sin(3 * t + ph);
    const x = a * Math.sin(t) * k;
    const y = b * Math.sin(t) * Math.cos(t) * k + 18 * Math.sin(t * 2 + ph) * 0.3;
    pts.push([cx + x * Math.cos(rot) - y * Math.sin(rot), cy + x * Math.sin(rot) + y * Math.cos(rot)]);
  }
  return { pts: densify(pts, 8, true), loop: true };
}

function routeLollipop(rng, { from, neck, cx, cy, rx, ry }) {
  const stem = routeLine(rng, { from, to: neck, amp: 12, waves: 1.5 }).pts;
  const a0 = Math.atan2(neck[1] - cy, neck[0] - cx);
  const ring = [];
  const N = 16;
  for (let i = 0; i <= N; i++) {
    const a = a0 + (i / N) * Math.PI * 2;
    const k = i === 0 || i === N ? 1 : 1 + rng.range(-0.1, 0.12);
    ring.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  const loop = densify(ring, 8);
  return { pts: [...stem, ...loop.slice(1), ...[...stem].reverse().slice(1)], loop: false, lollipop: true, stemLen: stem.length };
}

// Map features ---------------------------------------------------------------

function riverEl(pts, w = 5, col = '#5aaee0') {
  const d = smoothPath(pts);
  return (
    `<path d="${d}" stroke="${darken(col, 0.15)}" stroke-width="${w + 2}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" stroke="${col}" stroke-width="${w}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

function compassRose(x, y) {
  const star = (r1, r2, n, rot) => {
    const pts = [];
    for (let i = 0; i < n * 2; i++) {
      const a = rot + (i * Math.PI) / n - Math.PI / 2;
      const rr = i % 2 ? r2 : r1;
      pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
    }
    return polyPath(pts);
  };
  return (
    circle(x, y, 36, '#fffdf5', 'opacity="0.85" stroke="#5b5040" stroke-width="1"') +
    circle(x, y, 29, 'none', 'stroke="#5b5040" stroke-width="0.8" opacity="0.6"') +
    pathEl(star(22, 5, 4, Math.PI / 4), '#9a8f7c') +
    pathEl(star(30, 6, 4, 0), '#3f3a33') +
    pathEl(`M${x} ${y - 30}L${x + 6} ${y - 6}L${x} ${y}Z`, '#c8402f') +
    pathEl(`M${x} ${y - 30}L${x - 6} ${y - 6}L${x} ${y}Z`, '#e8604e') +
    pathEl(`M${x} ${y + 30}L${x + 6} ${y + 6}L${x} ${y}Z`, '#ffffff') +
    circle(x, y, 3, '#fffdf5', 'stroke="#3f3a33" stroke-width="1"') +
    `<text x="${x}" y="${y - 40}" font-family="${FONT}" font-size="13" font-weight="700" text-anchor="middle" fill="#3f3a33">N</text>`
  );
}

function scaleBar(x, y) {
  const seg = PX_PER_KM / 4;
  let out = rect(x - 10, y - 24, PX_PER_KM + 40, 44, '#fffdf5', 'rx="6" opacity="0.85"');
  for (let i = 0; i < 4; i++) out += rect(x + i * seg, y, seg, 6, i % 2 ? '#ffffff' : '#3f3a33', 'stroke="#3f3a33" stroke-width="1"');
  const t = (tx, s) => `<text x="${tx}" y="${y - 6}" font-family="${FONT}" font-size="11" text-anchor="middle" fill="#3f3a33">${s}</text>`;
  return out + t(x, '0') + t(x + seg * 2, '500 m') + t(x + PX_PER_KM, '1 km');
}

function marker(x, y, kind) {
  const base = `<circle cx="${f(x)}" cy="${f(y)}" r="11" fill="${kind === 'start' ? '#2e9e4f' : '#ffffff'}" stroke="#ffffff" stroke-width="3"/>`;
  if (kind === 'start') {
    return base + pathEl(`M${f(x - 3.5)} ${f(y - 5.5)}L${f(x + 5.5)} ${f(y)}L${f(x - 3.5)} ${f(y + 5.5)}Z`, '#ffffff');
  }
  if (kind === 'turn') {
    return `<circle cx="${f(x)}" cy="${f(y)}" r="8" fill="#f4a300" stroke="#ffffff" stroke-width="2.5"/>`;
  }
  let chk = '';
  const s = 5;
  for (let i = -2; i < 2; i++) {
    for (let j = -2; j < 2; j++) {
      chk += rect(x + i * s, y + j * s, s, s, (i + j + 4) % 2 ? '#ffffff' : '#222222');
    }
  }
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="11" fill="#222222" stroke="#ffffff" stroke-width="3"/>` +
    `<g clip-path="url(#finishClip${Math.round(x)}_${Math.round(y)})">${chk}</g>` +
    `<clipPath id="finishClip${Math.round(x)}_${Math.round(y)}"><circle cx="${f(x)}" cy="${f(y)}" r="9"/></clipPath>`
  );
}

function arrows(pts, col, every = 80) {
  let out = '';
  let acc = 0;
  let nextAt = every * 0.6;
  for (let i = 1; i < pts.length; i++) {
    const seg = Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
    acc += seg;
    if (acc >= nextAt && i < pts.length - 3) {
      nextAt += every;
      const a = (Math.atan2(pts[i + 1][1] - pts[i - 1][1], pts[i + 1][0] - pts[i - 1][0]) * 180) / Math.PI;
      out += `<path d="M-2.6 -3.2L1.6 0L-2.6 3.2" stroke="${col}" stroke-width="1.8" fill="none" stroke-linecap="round" stroke-linejoin="round" transform="translate(${f(pts[i][0])} ${f(pts[i][1])}) rotate(${f(a)})"/>`;
    }
  }
  return out;
}

const MAPS = {
  'mountain-ridge': {
    ramp: 'alpine',
    elev: [900, 2450],
    spec: () => ({
      base: 0.1,
      noise: 0.07,
      blobs: [
        { x: 150, y: 500, sx: 110, sy: 60, h: 0.3, rot: -0.6 },
        { x: 300, y: 380, sx: 120, sy: 55, h: 0.45, rot: -0.6 },
        { x: 460, y: 260, sx: 110, sy: 50, h: 0.55, rot: -0.55 },
        { x: 610, y: 150, sx: 120, sy: 55, h: 0.5, rot: -0.5 },
        { x: 540, y: 420, sx: 70, sy: 60, h: 0.2 },
        { x: 200, y: 150, sx: 90, sy: 70, h: 0.22 },
        { x: 700, y: 450, sx: 100, sy: 80, h: 0.15 },
      ],
      channels: [
        {
          pts: [
            [90, 0],
            [160, 120],
            [140, 260],
            [60, 360],
          ],
          w: 26,
          depth: 0.08,
        },
      ],
    }),
    rivers: [
      {
        pts: [
          [90, 0],
          [160, 120],
          [140, 260],
          [60, 360],
          [-10, 420],
        ],
        w: 3,
      },
    ],
    route: (r) => routeSwitchback(r, { from: [620, 540], to: [452, 282], legs: 7, width: 55 }),
    routeColor: '#d6336c',
    extra: (r) => routeLine(r, { from: [452, 282], via: [[520, 215]], to: [600, 160], amp: 6, waves: 1 }),
  },
  'pine-forest': {
    ramp: 'forest',
    elev: [320, 780],
    forest: { col: '#7fb872', amount: 0.55, thresh: -0.25 },
    routeColor: '#e4572e',
    spec: () => ({
      base: 0.2,
      noise: 0.12,
      noiseScale: 170,
      blobs: [
        { x: 250, y: 200, sx: 140, sy: 110, h: 0.2 },
        { x: 600, y: 420, sx: 160, sy: 120, h: 0.24 },
      ],
      channels: [
        {
          pts: [
            [0, 470],
            [200, 430],
            [400, 480],
            [560, 560],
            [640, 610],
          ],
          w: 22,
          depth: 0.07,
        },
      ],
    }),
    rivers: [
      {
        pts: [
          [-10, 472],
          [200, 430],
          [400, 480],
          [560, 560],
          [650, 620],
        ],
        w: 3,
      },
    ],
    route: (r) => routeLoop(r, { cx: 420, cy: 280, rx: 240, ry: 150, wobble: 0.2, rot: 0.2 }),
  },
  'riverside-path': {
    ramp: 'lowland',
    elev: [40, 260],
    routeColor: '#e4572e',
    spec: () => ({
      base: 0.35,
      noise: 0.1,
      blobs: [
        { x: 150, y: 520, sx: 200, sy: 110, h: 0.25 },
        { x: 650, y: 80, sx: 220, sy: 100, h: 0.3 },
      ],
      channels: [
        {
          pts: [
            [-20, 160],
            [150, 220],
            [300, 200],
            [420, 300],
            [560, 330],
            [700, 440],
            [820, 470],
          ],
          w: 110,
          depth: 0.25,
        },
      ],
    }),
    rivers: [
      {
        pts: [
          [-20, 160],
          [150, 220],
          [300, 200],
          [420, 300],
          [560, 330],
          [700, 440],
          [820, 470],
        ],
        w: 9,
      },
    ],
    route: (r) =>
      routeLine(r, {
        from: [70, 220],
        via: [
          [170, 250],
          [300, 232],
          [410, 332],
          [550, 362],
        ],
        to: [700, 476],
        amp: 6,
        waves: 3,
      }),
  },
  'coastal-cliffs': {
    ramp: 'coastal',
    elev: [0, 180],
    water: 0.2,
    waterName: ['Atlantic', 150, 300],
    routeColor: '#d6336c',
    spec: (r) => {
      const cn = fbm1D(r, 2);
      return {
        base: 0,
        noise: 0.05,
        fn: (x, y) => {
          const coast = 300 + 70 * Math.sin(y / 80) + cn(y / 70) * 50;
          return 0.45 / (1 + Math.exp(-(x - coast) / 9)) + 0.15 * smoothstep(250, 750, x);
        },
      };
    },
    route: (r, F) => {
      const pts = [];
      for (let y = 560; y >= 40; y -= 40) {
        let x = 200;
        while (x < 760 && F[y * MW + x] < 0.3) x += 2;
        pts.push([x + 28, y]);
      }
      return { pts: densify(pts, 10), loop: false };
    },
  },
  lakeside: {
    ramp: 'alpine',
    elev: [1250, 1900],
    water: 0.22,
    waterName: ['Mirror Lake', 410, 318],
    forest: { col: '#8fc27a', amount: 0.45, thresh: 0 },
    routeColor: '#e4572e',
    spec: () => ({
      base: 0.4,
      noise: 0.08,
      blobs: [
        { x: 410, y: 310, sx: 150, sy: 90, h: -0.32, rot: 0.1 },
        { x: 120, y: 80, sx: 140, sy: 110, h: 0.35 },
        { x: 720, y: 120, sx: 130, sy: 120, h: 0.4 },
        { x: 700, y: 560, sx: 160, sy: 90, h: 0.2 },
      ],
    }),
    route: (r) => routeLoop(r, { cx: 410, cy: 312, rx: 250, ry: 170, wobble: 0.1, rot: 0.1 }),
  },
  'city-park': {
    ramp: 'park',
    elev: [20, 60],
    water: 0.14,
    waterName: ['Duck Pond', 470, 262],
    routeColor: '#7b2ff7',
    contours: 7,
    relief: 70,
    city: { x0: 110, y0: 90, x1: 690, y1: 510 },
    spec: () => ({
      base: 0.3,
      noise: 0.03,
      noiseScale: 200,
      blobs: [
        { x: 470, y: 260, sx: 62, sy: 34, h: -0.22 },
        { x: 250, y: 380, sx: 110, sy: 90, h: 0.06 },
      ],
    }),
    route: (r) => routeLoop(r, { cx: 400, cy: 300, rx: 220, ry: 150, wobble: 0.12 }),
  },
  'rolling-hills': {
    ramp: 'lowland',
    elev: [110, 390],
    routeColor: '#e4572e',
    spec: (r) => ({
      base: 0.15,
      noise: 0.06,
      blobs: Array.from({ length: 12 }, () => ({
        x: r.range(40, 760),
        y: r.range(40, 560),
        sx: r.range(50, 90),
        sy: r.range(50, 90),
        h: r.range(0.1, 0.22),
      })),
    }),
    route: (r) => routeFigure8(r, { cx: 400, cy: 300, a: 280, b: 330, rot: 0.15 }),
  },
  'sandy-coast': {
    ramp: 'coastal',
    elev: [0, 120],
    water: 0.2,
    waterName: ['Coral Sea', 400, 560],
    routeColor: '#d6336c',
    spec: (r) => {
      const cn = fbm1D(r, 2);
      return {
        base: 0,
        noise: 0.04,
        fn: (x, y) => {
          const coast = 430 + 40 * Math.sin(x / 110) + cn(x / 90) * 30;
          return 0.3 / (1 + Math.exp(-(coast - y) / 22)) + 0.25 * smoothstep(coast, coast - 380, y);
        },
        blobs: [
          { x: 200, y: 380, sx: 60, sy: 20, h: 0.05 },
          { x: 560, y: 360, sx: 80, sy: 20, h: 0.05 },
        ],
      };
    },
    route: (r, F) => {
      const pts = [];
      for (let x = 50; x <= 750; x += 50) {
        let y = 580;
        while (y > 100 && F[y * MW + x] < 0.26) y -= 2;
        pts.push([x, y - 14]);
      }
      return { pts: densify(pts, 10), loop: false };
    },
  },
  canyon: {
    ramp: 'desert',
    elev: [1180, 1920],
    routeColor: '#1f6feb',
    spec: () => ({
      base: 0.75,
      noise: 0.06,
      channels: [
        {
          pts: [
            [-20, 120],
            [120, 180],
            [200, 320],
            [340, 300],
            [440, 180],
            [560, 240],
            [600, 400],
            [700, 460],
            [820, 440],
          ],
          w: 40,
          depth: 0.5,
          flat: true,
        },
        {
          pts: [
            [340, 300],
            [360, 460],
            [300, 620],
          ],
          w: 20,
          depth: 0.3,
          flat: true,
        },
      ],
      blobs: [{ x: 700, y: 150, sx: 100, sy: 80, h: 0.1 }],
    }),
    rivers: [
      {
        pts: [
          [-20, 120],
          [120, 180],
          [200, 320],
          [340, 300],
          [440, 180],
          [560, 240],
          [600, 400],
          [700, 460],
          [820, 440],
        ],
        w: 2,
        dash: true,
      },
    ],
    route: (r) =>
      routeLine(r, {
        from: [60, 150],
        via: [
          [130, 190],
          [205, 318],
          [338, 304],
          [440, 190],
          [556, 244],
          [596, 396],
        ],
        to: [700, 456],
        amp: 4,
        waves: 4,
      }),
  },
  'alpine-meadow': {
    ramp: 'alpine',
    elev: [1700, 2900],
    routeColor: '#d6336c',
    tarns: [
      [430, 190, 34, 20],
      [560, 240, 20, 12],
    ],
    spec: () => ({
      base: 0.15,
      noise: 0.08,
      fn: (x, y) => 0.75 * smoothstep(330, 0, y) * (0.6 + 0.4 * Math.sin(x / 70)),
      blobs: [
        { x: 150, y: 300, sx: 110, sy: 140, h: 0.3 },
        { x: 700, y: 330, sx: 110, sy: 160, h: 0.3 },
      ],
    }),
    route: (r) => routeLollipop(r, { from: [380, 570], neck: [410, 360], cx: 450, cy: 250, rx: 120, ry: 95 }),
  },
  'waterfall-gorge': {
    ramp: 'forest',
    elev: [400, 980],
    forest: { col: '#79b36a', amount: 0.5, thresh: -0.1 },
    routeColor: '#e4572e',
    spec: () => ({
      base: 0.55,
      noise: 0.08,
      fn: (x, y) => -0.25 * smoothstep(0, 600, y),
      channels: [
        {
          pts: [
            [120, -20],
            [220, 140],
            [360, 220],
            [470, 330],
            [560, 470],
            [640, 620],
          ],
          w: 28,
          depth: 0.35,
        },
      ],
    }),
    rivers: [
      {
        pts: [
          [120, -20],
          [220, 140],
          [360, 220],
          [470, 330],
          [560, 470],
          [640, 620],
        ],
        w: 4,
      },
    ],
    waterfall: [412, 275],
    route: (r) =>
      routeLine(r, {
        from: [690, 560],
        via: [
          [600, 440],
          [520, 330],
        ],
        to: [452, 250],
        amp: 14,
        waves: 2,
      }),
    outAndBack: true,
  },
  'vineyard-valley': {
    ramp: 'vine',
    elev: [180, 520],
    vineyards: true,
    routeColor: '#b02a5b',
    spec: () => ({
      base: 0.2,
      noise: 0.07,
      fn: (x, y) => 0.3 * Math.pow(Math.abs(x - 400) / 400, 1.4) + 0.1 * (y / 600),
      blobs: [{ x: 150, y: 450, sx: 110, sy: 90, h: 0.12 }],
    }),
    rivers: [
      {
        pts: [
          [380, -10],
          [420, 150],
          [390, 320],
          [430, 470],
          [410, 610],
        ],
        w: 3,
      },
    ],
    route: (r) => routeLoop(r, { cx: 420, cy: 300, rx: 270, ry: 190, wobble: 0.3, rot: -0.3 }),
  },
  'autumn-woods': {
    ramp: 'autumn',
    elev: [260, 640],
    forest: { col: '#e39a4b', amount: 0.5, thresh: -0.2, alt: '#c9c26a' },
    routeColor: '#5b2bd6',
    spec: () => ({
      base: 0.25,
      noise: 0.1,
      noiseScale: 160,
      blobs: [{ x: 560, y: 200, sx: 150, sy: 100, h: 0.25 }],
      channels: [
        {
          pts: [
            [-10, 560],
            [150, 480],
            [260, 500],
            [380, 420],
            [440, 300],
            [420, 100],
            [470, -10],
          ],
          w: 20,
          depth: 0.08,
        },
      ],
    }),
    rivers: [
      {
        pts: [
          [-10, 560],
          [150, 480],
          [260, 500],
          [380, 420],
          [440, 300],
          [420, 100],
          [470, -10],
        ],
        w: 3,
      },
    ],
    route: (r) => routeLoop(r, { cx: 400, cy: 300, rx: 220, ry: 170, wobble: 0.12, lobes: 3, rot: 0.4 }),
  },
  'island-bay': {
    ramp: 'coastal',
    elev: [0, 340],
    water: 0.2,
    waterName: ['Gull Bay', 260, 240],
    routeColor: '#d6336c',
    spec: () => ({
      base: 0,
      noise: 0.06,
      blobs: [
        { x: 650, y: 450, sx: 200, sy: 160, h: 0.55 },
        { x: 560, y: 250, sx: 70, sy: 120, h: 0.4, rot: 0.3 },
        { x: 760, y: 120, sx: 120, sy: 140, h: 0.4 },
        { x: 180, y: 430, sx: 40, sy: 30, h: 0.35 },
        { x: 300, y: 120, sx: 45, sy: 35, h: 0.32 },
        { x: 110, y: 200, sx: 25, sy: 22, h: 0.3 },
        { x: 350, y: 500, sx: 30, sy: 24, h: 0.28 },
      ],
    }),
    route: (r) =>
      routeLine(r, {
        from: [760, 560],
        via: [
          [640, 470],
          [580, 330],
        ],
        to: [545, 190],
        amp: 18,
        waves: 2,
      }),
  },
};

function titleCase(name) {
  return name
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

async function renderMap(name) {
  const cfg = MAPS[name];
  const rng = makeRng(`map:${name}`);
  const spec = cfg.spec(rng);
  const F = buildField(spec, rng);
  let hmin = Infinity;
  let hmax = -Infinity;
  for (const v of F) {
    if (v < hmin) hmin = v;
    if (v > hmax) hmax = v;
  }
  const wl = cfg.water ?? -Infinity;
  const lo = Math.max(hmin, wl === -Infinity ? hmin : wl);
  const ramp = RAMPS[cfg.ramp];
  const veg = fbm2D(rng, 4);
  const raw = Buffer.alloc(MW * MH * 3);
  const L = [-1, -1, 1.6];
  const Ln = Math.hypot(...L);
  const flat = L[2] / Ln;
  const relief = (cfg.relief ?? 200) / (hmax - hmin);
  for (let y = 0; y < MH; y++) {
    for (let x = 0; x < MW; x++) {
      const i = y * MW + x;
      const h = F[i];
      let c;
      if (h < wl) {
        const depth = clamp((wl - h) / 0.25);
        c = hexToRgb(mix('#a9dcf0', '#5aa6d6', depth));
      } else {
        const t = (h - lo) / (hmax - lo);
        c = rampColor(ramp, t);
        if (cfg.forest) {
          const v = veg(x / 70, y / 70);
          const m = smoothstep(cfg.forest.thresh - 0.06, cfg.forest.thresh + 0.06, v) * cfg.forest.amount * (1 - smoothstep(0.7, 0.9, t));
          let fc = hexToRgb(cfg.forest.col);
          if (cfg.forest.alt) fc = hexToRgb(mix(cfg.forest.col, cfg.forest.alt, smoothstep(-0.2, 0.2, veg(x / 35 + 40, y / 35))));
          c = c.map((v2, k) => v2 + (fc[k] - v2) * m);
        }
        const x0 = Math.max(0, x - 1);
        const x1 = Math.min(MW - 1, x + 1);
        const y0 = Math.max(0, y - 1);
        const y1 = Math.min(MH - 1, y + 1);
        const dx = ((F[y * MW + x1] - F[y * MW + x0]) / (x1 - x0)) * relief;
        const dy = ((F[y1 * MW + x] - F[y0 * MW + x]) / (y1 - y0)) * relief;
        const nl = Math.hypot(dx, dy, 1);
        const dot = (-dx * L[0] - dy * L[1] + L[2]) / (nl * Ln);
        const k = clamp(1 + (dot - flat) * 0.7, 0.74, 1.12);
        c = c.map((v2) => v2 * k);
      }
      raw[i * 3] = clamp(Math.round(c[0]), 0, 255);
      raw[i * 3 + 1] = clamp(Math.round(c[1]), 0, 255);
      raw[i * 3 + 2] = clamp(Math.round(c[2]), 0, 255);
    }
  }

  const s = new Svg(MW, MH);
  // graticule
  let grid = '';
  for (let x = 100; x < MW; x += 100) grid += `M${x} 0V${MH}`;
  for (let y = 100; y < MH; y += 100) grid += `M0 ${y}H${MW}`;
  s.add(`<path d="${grid}" stroke="#4a6a8a" stroke-width="0.6" opacity="0.25"/>`);

  // contour lines
  const interval = (hmax - lo) / (cfg.contours ?? 22);
  const start = Math.ceil(lo / interval) * interval;
  let thin = '';
  let thick = '';
  let idx = Math.round(start / interval);
  for (let lv = start; lv < hmax; lv += interval, idx++) {
    if (lv <= wl + 0.001) continue;
    const d = contourPath(F, lv);
    if (idx % 5 === 0) thick += d;
    else thin += d;
  }
  const ccol = cfg.ramp === 'desert' ? '#8a4a2a' : '#8a6a48';
  s.add(`<path d="${thin}" stroke="${ccol}" stroke-width="0.7" fill="none" opacity="0.45"/>`);
  s.add(`<path d="${thick}" stroke="${ccol}" stroke-width="1.3" fill="none" opacity="0.6"/>`);
  if (wl > -Infinity) {
    s.add(`<path d="${contourPath(F, wl, 2)}" stroke="#3f86b8" stroke-width="1.4" fill="none"/>`);
    s.add(
      `<path d="${contourPath(F, wl - 0.06)}${contourPath(F, wl - 0.14)}" stroke="#3f86b8" stroke-width="0.7" fill="none" opacity="0.35"/>`,
    );
  }

  // city streets around a park
  if (cfg.city) {
    const c = cfg.city;
    const outside = `M0 0H${MW}V${MH}H0ZM${c.x0} ${c.y0}V${c.y1}H${c.x1}V${c.y0}Z`;
    let blocks = '';
    for (let y = -20; y < MH; y += 90) {
      for (let x = -30; x < MW; x += 110) {
        const bx = x + 14;
        const by = y + 14;
        blocks += rect(bx, by, 82, 62, '#e9e3da', 'rx="3"');
        for (let k = 0; k < 4; k++) blocks += rect(bx + 6 + (k % 2) * 38, by + 6 + Math.floor(k / 2) * 28, 32, 22, '#d9cfc2');
      }
    }
    s.add(`<g clip-path="${s.clip(outside)}" fill-rule="evenodd">${rect(0, 0, MW, MH, '#ffffff')}${blocks}</g>`);
    s.add(rect(c.x0, c.y0, c.x1 - c.x0, c.y1 - c.y0, 'none', 'stroke="#6aa84f" stroke-width="3" rx="10"'));
    s.add(
      `<text x="${c.x1 - 12}" y="${c.y1 - 14}" font-family="${FONT}" font-size="13" font-style="italic" text-anchor="end" fill="#3f7a2f">Elm Park</text>`,
    );
    for (const d of [
      'M110 300C220 290 300 180 400 180S560 170 690 150',
      'M260 510C300 420 400 380 480 340S620 300 620 90',
      'M110 430C230 440 330 470 460 430S640 380 690 400',
    ]) {
      s.add(`<path d="${d}" stroke="#c9bb98" stroke-width="6" fill="none"/><path d="${d}" stroke="#f6efdc" stroke-width="4" fill="none"/>`);
    }
    for (const [x, y] of [
      [200, 180],
      [620, 160],
      [180, 460],
      [600, 440],
      [330, 200],
      [560, 360],
    ]) {
      for (let k = 0; k < 5; k++)
        s.add(circle(x + rng.range(-30, 30), y + rng.range(-20, 20), rng.range(6, 10), '#8cc46a', 'opacity="0.85"'));
    }
  }

  // vineyard parcels
  if (cfg.vineyards) {
    const pid = s.id('vine');
    s.defs.push(
      `<pattern id="${pid}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="6" height="6" fill="#cfe0a0"/><path d="M0 3H6" stroke="#6f9a3a" stroke-width="1.4"/></pattern>`,
    );
    for (let i = 0; i < 10; i++) {
      const cx = rng.range(60, 740);
      const cy = rng.range(60, 540);
      const w = rng.range(50, 110);
      const h = rng.range(40, 80);
      const rot = rng.range(-30, 30);
      s.add(
        pathEl(
          polyPath([
            [cx - w / 2, cy - h / 2],
            [cx + w / 2, cy - h / 2 + rng.range(-8, 8)],
            [cx + w / 2 + rng.range(-10, 10), cy + h / 2],
            [cx - w / 2, cy + h / 2],
          ]),
          `url(#${pid})`,
          `opacity="0.75" stroke="#8a9a5a" stroke-width="1" transform="rotate(${f(rot)} ${f(cx)} ${f(cy)})"`,
        ),
      );
    }
    for (const [x, y] of [
      [160, 455],
      [640, 120],
    ]) {
      s.add(rect(x - 7, y - 5, 14, 10, '#b5523f', 'stroke="#6b2e22" stroke-width="1"'));
    }
  }

  for (const rv of cfg.rivers ?? []) {
    const pts = densify(rv.pts, 8);
    if (rv.dash) s.add(`<path d="${smoothPath(pts)}" stroke="#5aaee0" stroke-width="${rv.w}" fill="none" stroke-dasharray="6 4"/>`);
    else s.add(riverEl(pts, rv.w));
  }
  for (const [x, y, rx, ry] of cfg.tarns ?? []) {
    s.add(ellipse(x, y, rx, ry, '#a9dcf0', 'stroke="#3f86b8" stroke-width="1.4"'));
  }
  if (cfg.waterfall) {
    const [x, y] = cfg.waterfall;
    s.add(`<path d="M${x - 9} ${y - 3}h18M${x - 9} ${y + 3}h18" stroke="#1f6fb0" stroke-width="2.2"/>`);
    s.add(`<text x="${x + 14}" y="${y + 4}" font-family="${FONT}" font-size="11" font-style="italic" fill="#1f5f9a">Falls</text>`);
  }
  if (cfg.waterName) {
    const [label, x, y] = cfg.waterName;
    s.add(
      `<text x="${x}" y="${y}" font-family="${FONT}" font-size="15" font-style="italic" letter-spacing="1.5" text-anchor="middle" fill="#2f6f9f" opacity="0.85">${label}</text>`,
    );
  }

  // route
  const toM = (h) => cfg.elev[0] + ((h - lo) / (hmax - lo)) * (cfg.elev[1] - cfg.elev[0]);
  const route = cfg.route(rng, F);
  const pts = route.pts;
  const col = cfg.routeColor ?? '#e4572e';
  const d = smoothPath(pts, { closed: false });
  s.add(`<path d="${d}" stroke="#ffffff" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity="0.9"/>`);
  s.add(`<path d="${d}" stroke="${col}" stroke-width="4.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`);
  if (cfg.extra) {
    const ex = cfg.extra(rng).pts;
    s.add(`<path d="${smoothPath(ex)}" stroke="${col}" stroke-width="3" fill="none" stroke-dasharray="6 5" stroke-linecap="round"/>`);
  }
  s.add(arrows(pts, '#ffffff'));
  const first = pts[0];
  const last = pts[pts.length - 1];
  let lengthPx = polylineLength(pts);
  // elevation gain from a smoothed profile sampled every ~12 px
  const profile = [];
  let since = Infinity;
  for (let i = 0; i < pts.length; i++) {
    if (i > 0) since += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
    if (since >= 12 || i === pts.length - 1) {
      since = 0;
      profile.push(toM(F[Math.round(clamp(pts[i][1], 0, MH - 1)) * MW + Math.round(clamp(pts[i][0], 0, MW - 1))]));
    }
  }
  const smooth = profile.map((_, i) => {
    const win = profile.slice(Math.max(0, i - 2), i + 3);
    return win.reduce((a, b) => a + b, 0) / win.length;
  });
  let gain = 0;
  for (let i = 1; i < smooth.length; i++) if (smooth[i] > smooth[i - 1]) gain += smooth[i] - smooth[i - 1];
  let kind = 'point to point';
  if (route.loop) kind = 'loop';
  if (route.lollipop) kind = 'lollipop loop';
  if (cfg.outAndBack) {
    kind = 'out &amp; back';
    lengthPx *= 2;
    s.add(marker(last[0], last[1], 'turn'));
    s.add(marker(first[0] + 14, first[1] + 10, 'finish'), marker(first[0], first[1], 'start'));
  } else if (route.loop || route.lollipop) {
    s.add(marker(first[0] + 16, first[1] + 8, 'finish'), marker(first[0], first[1], 'start'));
  } else {
    s.add(marker(last[0], last[1], 'finish'), marker(first[0], first[1], 'start'));
  }

  // peak
  let peak = null;
  for (let y = 40; y < MH - 40; y += 4) {
    for (let x = 40; x < MW - 120; x += 4) {
      if (!peak || F[y * MW + x] > peak[2]) peak = [x, y, F[y * MW + x]];
    }
  }
  if (peak && !cfg.city) {
    const [px, py] = peak;
    s.add(pathEl(`M${px} ${py - 6}L${px + 6} ${py + 4}L${px - 6} ${py + 4}Z`, '#3f3a33'));
    const crowded = [first, last].some(([x, y]) => Math.hypot(x - px - 30, y - py) < 40);
    const tx = crowded ? px - 9 : px + 9;
    s.add(
      `<text x="${tx}" y="${py + 4}" font-family="${FONT}" font-size="11" font-weight="700" fill="#3f3a33" stroke="#fffdf5" stroke-width="3" paint-order="stroke"${crowded ? ' text-anchor="end"' : ''}>${Math.round(toM(peak[2]) / 10) * 10} m</text>`,
    );
  }

  // furniture
  const km = (lengthPx / PX_PER_KM).toFixed(1);
  const title = titleCase(name);
  const tw = Math.max(title.length * 11.5, 170) + 28;
  s.add(rect(16, 16, tw, 56, '#fffdf5', 'rx="8" opacity="0.9" stroke="#c9bfa8" stroke-width="1"'));
  s.add(rect(16, 16, 6, 56, col, 'rx="3"'));
  s.add(`<text x="32" y="40" font-family="${FONT}" font-size="18" font-weight="700" fill="#2d2a26">${title}</text>`);
  s.add(
    `<text x="32" y="60" font-family="${FONT}" font-size="12" fill="#5b5448">${km} km · ${kind} · ↑ ${Math.round(gain / 10) * 10} m</text>`,
  );
  s.add(compassRose(MW - 58, 70));
  s.add(scaleBar(28, MH - 30));
  s.add(rect(0.5, 0.5, MW - 1, MH - 1, 'none', 'stroke="#5b5040" stroke-width="1.5"'));

  const overlay = Buffer.from(s.toString());
  return sharp(raw, { raw: { width: MW, height: MH, channels: 3 } }).composite([{ input: overlay, top: 0, left: 0 }]);
}

// ---------------------------------------------------------------------------
// Avatars (256×256)
// ---------------------------------------------------------------------------

const FACE = {
  eyes: (col = '#2b211d') =>
    ellipse(111, 126, 4.6, 5.6, col) +
    ellipse(145, 126, 4.6, 5.6, col) +
    circle(112.6, 124, 1.5, '#ffffff') +
    circle(146.6, 124, 1.5, '#ffffff'),
  brows: (col) =>
    `<path d="M101 111Q111 105 120 110M136 110Q145 105 155 111" stroke="${col}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  nose: (col) => `<path d="M129 130Q124 141 131 142" stroke="${col}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  smile: () => pathEl('M112 150Q128 166 144 150Q128 156 112 150Z', '#8a3b30', 'stroke="#8a3b30" stroke-width="3" stroke-linejoin="round"'),
  cheeks: () => circle(100, 143, 8, '#ff7f72', 'opacity="0.3"') + circle(156, 143, 8, '#ff7f72', 'opacity="0.3"'),
};

const AVATARS = [
  {
    // hiker with a cap and backpack straps
    bg: '#2bb3a3',
    draw(bg) {
      const skin = '#c68642';
      const skinD = darken(skin, 0.15);
      return [
        pathEl('M-10 200L50 130L92 175L150 100L215 170L266 140V266H-10Z', lighten(bg, 0.22)),
        pathEl('M150 100L132 120L145 118L155 128L166 115Z', '#ffffff', 'opacity="0.7"'),
        pathEl('M36 262C40 208 82 186 128 186C174 186 216 208 220 262Z', '#3d5a80'),
        rect(112, 156, 32, 38, skinD, 'rx="12"'),
        pathEl('M110 188L128 206L146 188', 'none', 'stroke="#2c4260" stroke-width="4" stroke-linejoin="round"'),
        rect(70, 192, 16, 70, '#a0522d', 'rx="7"'),
        rect(170, 192, 16, 70, '#a0522d', 'rx="7"'),
        rect(66, 226, 124, 8, '#8b4513', 'rx="4"'),
        circle(84, 126, 10, skin),
        circle(172, 126, 10, skin),
        ellipse(128, 122, 44, 50, skin),
        rect(82, 104, 12, 30, '#3b2416', 'rx="5"'),
        rect(162, 104, 12, 30, '#3b2416', 'rx="5"'),
        FACE.eyes(),
        FACE.brows('#3b2416'),
        FACE.nose(skinD),
        FACE.smile(),
        FACE.cheeks(),
        pathEl('M80 108C80 58 176 58 176 108Z', '#f28c28'),
        pathEl('M78 106Q128 94 196 108Q200 118 190 120Q128 110 78 116Z', '#d9731a'),
        pathEl('M116 92L128 74L140 92Z', '#ffffff', 'opacity="0.85"'),
        circle(128, 62, 5, '#d9731a'),
      ];
    },
  },
  {
    // runner with a headband and ponytail
    bg: '#f7c548',
    draw(bg) {
      const skin = '#f3cba8';
      const skinD = darken(skin, 0.12);
      const hair = '#a0522d';
      let rays = '';
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * Math.PI * 2;
        rays += pathEl(
          polyPath([
            [128, 128],
            [128 + Math.cos(a - 0.12) * 200, 128 + Math.sin(a - 0.12) * 200],
            [128 + Math.cos(a + 0.12) * 200, 128 + Math.sin(a + 0.12) * 200],
          ]),
          lighten(bg, 0.25),
        );
      }
      return [
        rays,
        ellipse(180, 146, 18, 38, darken(hair, 0.1), 'transform="rotate(-18 180 146)"'),
        pathEl('M40 262C44 212 84 192 128 192C172 192 212 212 216 262Z', skin),
        pathEl('M70 262C74 224 92 204 104 200Q128 214 152 200C164 204 182 224 186 262Z', '#1d7fd1'),
        pathEl('M104 200Q128 214 152 200', 'none', 'stroke="#ffffff" stroke-width="4"'),
        rect(112, 156, 32, 40, skinD, 'rx="12"'),
        circle(84, 126, 10, skin),
        circle(172, 126, 10, skin),
        circle(84, 138, 3.5, '#e63946'),
        circle(172, 138, 3.5, '#e63946'),
        ellipse(128, 122, 44, 50, skin),
        pathEl('M82 122C74 66 182 66 174 122C166 92 96 90 82 122Z', hair),
        FACE.eyes(),
        FACE.brows(darken(hair, 0.2)),
        FACE.nose(skinD),
        FACE.smile(),
        FACE.cheeks(),
        pathEl('M84 100Q128 76 172 100L174 114Q128 90 82 114Z', '#e63946'),
        pathEl('M88 104Q128 84 168 104', 'none', 'stroke="#ffffff" stroke-width="2.5" opacity="0.8"'),
      ];
    },
  },
  {
    // cyclist with a helmet
    bg: '#ff7a6b',
    draw(bg) {
      const skin = '#8d5524';
      const skinD = darken(skin, 0.2);
      return [
        pathEl('M-10 210Q60 170 128 200T266 190V266H-10Z', lighten(bg, 0.2)),
        `<path d="M-10 236Q60 196 128 226T266 216" stroke="${lighten(bg, 0.5)}" stroke-width="5" fill="none" stroke-dasharray="14 10"/>`,
        pathEl('M38 262C42 210 82 188 128 188C174 188 214 210 218 262Z', '#ffd166'),
        pathEl('M38 262C42 230 54 214 70 204L92 262Z', '#06a77d'),
        pathEl('M218 262C214 230 202 214 186 204L164 262Z', '#06a77d'),
        `<path d="M128 196V262" stroke="#b08a2e" stroke-width="3"/>`,
        rect(112, 156, 32, 40, skinD, 'rx="12"'),
        pathEl('M108 190Q128 204 148 190', 'none', 'stroke="#e0a800" stroke-width="5" stroke-linecap="round"'),
        circle(84, 128, 10, skin),
        circle(172, 128, 10, skin),
        ellipse(128, 124, 44, 50, skin),
        FACE.eyes('#1b1410'),
        FACE.brows('#1b1410'),
        FACE.nose(skinD),
        pathEl('M112 150Q128 166 144 150Q128 156 112 150Z', '#5a1f18', 'stroke="#5a1f18" stroke-width="3" stroke-linejoin="round"'),
        circle(100, 143, 8, '#ff7f72', 'opacity="0.2"') + circle(156, 143, 8, '#ff7f72', 'opacity="0.2"'),
        `<path d="M86 112L92 150Q110 176 128 176M170 112L164 150Q146 176 128 176" stroke="#26323b" stroke-width="3" fill="none"/>`,
        '<clipPath id="helmet3"><path d="M74 116C70 56 186 56 182 116C170 104 86 104 74 116Z"/></clipPath>',
        pathEl('M74 116C70 56 186 56 182 116C170 104 86 104 74 116Z', '#2ec4b6'),
        `<g clip-path="url(#helmet3)">${pathEl('M96 78C108 86 112 98 110 110M128 72C130 84 130 96 128 108M160 78C148 86 144 98 146 110', 'none', 'stroke="#1b7f76" stroke-width="7" stroke-linecap="round"')}${pathEl('M100 64C120 58 150 60 170 74', 'none', 'stroke="#7fe0d6" stroke-width="5" stroke-linecap="round"')}</g>`,
        pathEl('M80 100C92 84 164 84 176 100', 'none', 'stroke="#ffffff" stroke-width="3" opacity="0.8"'),
        pathEl('M72 114C88 104 168 104 184 114L182 120C166 112 90 112 74 120Z', '#26323b'),
      ];
    },
  },
  {
    // curly hair and sunglasses
    bg: '#5aa9e6',
    draw(bg) {
      const skin = '#e0ac69';
      const skinD = darken(skin, 0.15);
      const hair = '#231a16';
      let curls = '';
      for (const [x, y, rr] of [
        [88, 100, 20],
        [168, 100, 20],
        [100, 78, 22],
        [128, 70, 24],
        [156, 78, 22],
        [80, 124, 16],
        [176, 124, 16],
        [112, 64, 16],
        [146, 64, 16],
      ]) {
        curls += circle(x, y, rr, hair);
      }
      return [
        `<path d="M-10 200Q40 180 80 200T170 200T266 196" stroke="${lighten(bg, 0.3)}" stroke-width="6" fill="none"/>`,
        `<path d="M-10 226Q40 206 80 226T170 226T266 222" stroke="${lighten(bg, 0.3)}" stroke-width="6" fill="none"/>`,
        circle(200, 60, 24, '#ffe28a'),
        curls,
        pathEl('M36 262C40 210 82 188 128 188C174 188 216 210 220 262Z', '#ff6b6b'),
        pathEl('M108 188L128 216L148 188Z', skinD),
        rect(112, 156, 32, 40, skinD, 'rx="12"'),
        circle(84, 128, 10, skin),
        circle(172, 128, 10, skin),
        ellipse(128, 124, 44, 50, skin),
        circle(102, 90, 14, hair) +
          circle(126, 84, 15, hair) +
          circle(152, 90, 14, hair) +
          circle(88, 104, 10, hair) +
          circle(168, 104, 10, hair),
        pathEl('M97 116H122Q124 136 110 138Q96 138 95 122Z', '#1b1b2f'),
        pathEl('M134 116H159L161 122Q160 138 146 138Q132 136 134 116Z', '#1b1b2f'),
        `<path d="M122 120Q128 116 134 120M96 118L84 114M160 118L172 114" stroke="#1b1b2f" stroke-width="3.5" fill="none"/>`,
        `<path d="M101 122l8 -4M140 122l8 -4" stroke="#ffffff" stroke-width="2.5" opacity="0.6" stroke-linecap="round"/>`,
        FACE.nose(skinD),
        pathEl('M108 150Q128 172 148 150Z', '#ffffff', 'stroke="#8a3b30" stroke-width="3.5" stroke-linejoin="round"'),
        FACE.cheeks(),
      ];
    },
  },
  {
    // beanie and beard
    bg: '#4f9d69',
    draw(bg) {
      const skin = '#f5d0b5';
      const skinD = darken(skin, 0.12);
      const beard = '#b5651d';
      const pid = 'plaid5';
      let pines = '';
      for (const [x, h] of [
        [20, 120],
        [56, 90],
        [200, 110],
        [236, 140],
      ]) {
        pines += pine(x, 250, h, lighten(bg, 0.2));
      }
      return [
        `<defs><pattern id="${pid}" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="#2f4858"/><rect width="24" height="8" fill="#c0392b" opacity="0.8"/><rect width="8" height="24" fill="#c0392b" opacity="0.6"/><path d="M0 16H24M16 0V24" stroke="#1d2d38" stroke-width="1.5"/></pattern></defs>`,
        pines,
        pathEl('M36 262C40 210 82 188 128 188C174 188 216 210 220 262Z', `url(#${pid})`),
        pathEl('M108 190L128 212L148 190', '#e8e0d0', 'stroke="#e8e0d0" stroke-width="2"'),
        rect(112, 156, 32, 40, skinD, 'rx="12"'),
        circle(84, 128, 10, skin),
        circle(172, 128, 10, skin),
        ellipse(128, 124, 44, 50, skin),
        pathEl(
          'M84 120C84 180 108 196 128 196C148 196 172 180 172 120C168 144 156 150 146 148Q128 140 110 148C100 150 88 144 84 120Z',
          beard,
        ),
        pathEl('M108 148Q128 136 148 148Q138 144 128 146Q118 144 108 148Z', darken(beard, 0.15)),
        pathEl('M116 156Q128 166 140 156', 'none', 'stroke="#8a3b30" stroke-width="3.5" stroke-linecap="round"'),
        FACE.eyes(),
        FACE.brows(beard),
        FACE.nose(skinD),
        circle(100, 136, 7, '#ff7f72', 'opacity="0.3"') + circle(156, 136, 7, '#ff7f72', 'opacity="0.3"'),
        pathEl('M82 104C80 50 176 50 174 104Z', '#d62828'),
        rect(78, 96, 100, 22, '#b01e1e', 'rx="10"'),
        `<path d="M90 98v18M102 98v18M114 98v18M126 98v18M138 98v18M150 98v18M162 98v18" stroke="#8f1717" stroke-width="2.5"/>`,
        circle(128, 50, 13, '#f4f1ea'),
      ];
    },
  },
  {
    // sporty hijab and jacket
    bg: '#9b8cf2',
    draw(bg) {
      const skin = '#b97a56';
      const skinD = darken(skin, 0.15);
      const scarf = '#1f7a7a';
      let flowers = '';
      for (const [x, y, c] of [
        [30, 190, '#ffd6e8'],
        [60, 214, '#fff3b0'],
        [200, 200, '#ffd6e8'],
        [226, 176, '#fff3b0'],
        [190, 230, '#ffffff'],
      ]) {
        for (let k = 0; k < 5; k++) {
          const a = (k / 5) * Math.PI * 2;
          flowers += circle(x + Math.cos(a) * 6, y + Math.sin(a) * 6, 5, c);
        }
        flowers += circle(x, y, 4, '#f4a300');
      }
      return [
        pathEl('M-10 180Q128 120 266 180V266H-10Z', lighten(bg, 0.18)),
        flowers,
        pathEl('M36 262C40 214 82 196 128 196C174 196 216 214 220 262Z', '#ffb703'),
        `<path d="M128 214V262" stroke="#d98e00" stroke-width="3"/>`,
        pathEl('M150 200L166 262M106 200L90 262', 'none', 'stroke="#ffffff" stroke-width="4" opacity="0.7"'),
        pathEl('M78 128C70 56 186 56 178 128C180 160 176 192 160 214Q128 230 96 214C80 192 76 160 78 128Z', scarf),
        pathEl('M92 128C90 92 166 92 164 128C164 160 150 180 128 182C106 180 92 160 92 128Z', darken(scarf, 0.18)),
        ellipse(128, 134, 34, 44, skin),
        ellipse(113, 134, 4.4, 5.4, '#2b211d') +
          ellipse(143, 134, 4.4, 5.4, '#2b211d') +
          circle(114.4, 132, 1.4, '#ffffff') +
          circle(144.4, 132, 1.4, '#ffffff'),
        `<path d="M105 121Q113 116 121 120M135 120Q143 116 151 121" stroke="#2b211d" stroke-width="3.5" fill="none" stroke-linecap="round"/>`,
        `<path d="M129 138Q125 148 131 149" stroke="${skinD}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
        pathEl('M114 157Q128 170 142 157Q128 162 114 157Z', '#7a2e28', 'stroke="#7a2e28" stroke-width="3" stroke-linejoin="round"'),
        circle(103, 150, 7, '#ff7f72', 'opacity="0.3"') + circle(153, 150, 7, '#ff7f72', 'opacity="0.3"'),
        pathEl('M90 86Q128 64 166 86', 'none', `stroke="${lighten(scarf, 0.25)}" stroke-width="4" stroke-linecap="round" opacity="0.7"`),
      ];
    },
  },
];

function avatarSvg(a) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<defs><clipPath id="c"><circle cx="128" cy="128" r="128"/></clipPath></defs>` +
    `<g clip-path="url(#c)">${rect(0, 0, 256, 256, a.bg)}${a.draw(a.bg).join('')}</g></svg>`
  );
}

// ---------------------------------------------------------------------------
// Demo people (256×256): one portrait per demo user of the seed, built from
// parts (hair, accessories, clothes, a backdrop) so no two look alike.
// ---------------------------------------------------------------------------

const HAIR = {
  // drawn behind the head
  back: {
    long: (c) => pathEl('M74 122C66 52 190 52 182 122L188 214Q128 232 68 214Z', c),
    bob: (c) => pathEl('M76 120C68 56 188 56 180 120L182 170Q128 184 74 170Z', c),
    ponytail: (c) => ellipse(184, 150, 17, 40, darken(c, 0.08), 'transform="rotate(-16 184 150)"'),
    bun: (c) => circle(128, 60, 20, c),
    curly: (c) =>
      [
        [86, 104, 22],
        [170, 104, 22],
        [98, 78, 22],
        [128, 68, 24],
        [158, 78, 22],
        [78, 134, 18],
        [178, 134, 18],
        [80, 162, 16],
        [176, 162, 16],
      ]
        .map(([x, y, r]) => circle(x, y, r, c))
        .join(''),
  },
  // drawn over the forehead
  front: {
    short: (c) => pathEl('M82 116C78 64 178 64 174 116C164 92 100 88 82 116Z', c),
    sidePart: (c) => pathEl('M80 118C76 62 180 62 176 118C170 100 150 84 112 96C100 100 88 106 80 118Z', c),
    fringe: (c) => pathEl('M80 120C76 62 180 62 176 120C168 104 150 98 128 100C108 98 90 104 80 120Z', c),
    swept: (c) => pathEl('M80 112C80 60 176 58 176 112C160 88 120 80 96 96C90 100 84 106 80 112Z', c),
    curls: (c) =>
      [
        [100, 88, 14],
        [124, 80, 15],
        [150, 86, 14],
        [86, 102, 10],
        [170, 102, 10],
      ]
        .map(([x, y, r]) => circle(x, y, r, c))
        .join(''),
    receding: (c) => pathEl('M84 112C84 86 96 76 104 74L100 96Q92 100 84 112ZM172 112C172 86 160 76 152 74L156 96Q164 100 172 112Z', c),
  },
};

const GEAR = {
  cap: (c) =>
    pathEl('M80 106C80 58 176 58 176 106Z', c) +
    pathEl('M78 104Q128 92 198 106Q202 116 192 118Q128 108 78 114Z', darken(c, 0.18)) +
    circle(128, 62, 5, darken(c, 0.18)),
  beanie: (c) =>
    pathEl('M82 104C80 50 176 50 174 104Z', c) +
    rect(78, 96, 100, 22, darken(c, 0.15), 'rx="10"') +
    `<path d="M92 98v18M106 98v18M120 98v18M134 98v18M148 98v18M162 98v18" stroke="${darken(c, 0.3)}" stroke-width="2.5"/>` +
    circle(128, 50, 13, '#f4f1ea'),
  headband: (c) =>
    pathEl('M84 100Q128 76 172 100L174 114Q128 90 82 114Z', c) +
    pathEl('M88 104Q128 84 168 104', 'none', 'stroke="#ffffff" stroke-width="2.5" opacity="0.8"'),
  helmet: (c) =>
    pathEl('M74 114C70 54 186 54 182 114C170 102 86 102 74 114Z', c) +
    pathEl(
      'M96 76C108 84 112 96 110 108M128 70C130 82 130 94 128 106M160 76C148 84 144 96 146 108',
      'none',
      `stroke="${darken(c, 0.3)}" stroke-width="6" stroke-linecap="round"`,
    ) +
    pathEl('M72 112C88 102 168 102 184 112L182 118C166 110 90 110 74 118Z', '#26323b') +
    `<path d="M86 114L92 150Q110 176 128 176M170 114L164 150Q146 176 128 176" stroke="#26323b" stroke-width="3" fill="none"/>`,
  hood: (c) =>
    pathEl('M70 132C62 48 194 48 186 132C188 168 178 200 160 218Q128 232 96 218C78 200 68 168 70 132Z', c) +
    pathEl('M88 132C86 86 170 86 168 132C168 166 152 186 128 188C104 186 88 166 88 132Z', darken(c, 0.25)),
  glasses: (c) =>
    `<circle cx="111" cy="126" r="13" fill="#ffffff" fill-opacity="0.15" stroke="${c}" stroke-width="3.5"/>` +
    `<circle cx="145" cy="126" r="13" fill="#ffffff" fill-opacity="0.15" stroke="${c}" stroke-width="3.5"/>` +
    `<path d="M124 125Q128 121 132 125M98 123L86 119M158 123L170 119" stroke="${c}" stroke-width="3" fill="none"/>`,
  sunglasses: (c) =>
    pathEl('M97 116H122Q124 136 110 138Q96 138 95 122Z', c) +
    pathEl('M134 116H159L161 122Q160 138 146 138Q132 136 134 116Z', c) +
    `<path d="M122 120Q128 116 134 120M96 118L84 114M160 118L172 114" stroke="${c}" stroke-width="3.5" fill="none"/>` +
    `<path d="M101 122l8 -4M140 122l8 -4" stroke="#ffffff" stroke-width="2.5" opacity="0.6" stroke-linecap="round"/>`,
  beard: (c) =>
    pathEl('M84 122C84 180 108 196 128 196C148 196 172 180 172 122C168 146 156 152 146 150Q128 142 110 150C100 152 88 146 84 122Z', c) +
    pathEl('M108 150Q128 138 148 150Q138 146 128 148Q118 146 108 150Z', darken(c, 0.15)),
  stubble: (c) =>
    pathEl('M90 140C94 166 110 174 128 174C146 174 162 166 166 140C158 158 144 164 128 164C112 164 98 158 90 140Z', c, 'opacity="0.3"'),
  earrings: (c) => circle(84, 140, 3.5, c) + circle(172, 140, 3.5, c),
};

const CLOTHES = {
  tee: (c) =>
    pathEl('M36 262C40 210 82 188 128 188C174 188 216 210 220 262Z', c) +
    pathEl('M108 190Q128 206 148 190', 'none', `stroke="${darken(c, 0.2)}" stroke-width="4"`),
  zip: (c) =>
    pathEl('M36 262C40 210 82 188 128 188C174 188 216 210 220 262Z', c) +
    pathEl('M104 190L128 214L152 190L146 186L128 204L110 186Z', darken(c, 0.2)) +
    `<path d="M128 210V262" stroke="${lighten(c, 0.5)}" stroke-width="3"/>`,
  straps: (c) =>
    pathEl('M36 262C40 210 82 188 128 188C174 188 216 210 220 262Z', c) +
    rect(70, 194, 16, 70, '#8b5a2b', 'rx="7"') +
    rect(170, 194, 16, 70, '#8b5a2b', 'rx="7"'),
  jersey: (c) =>
    pathEl('M36 262C40 210 82 188 128 188C174 188 216 210 220 262Z', c) +
    pathEl('M36 262C40 230 54 214 70 204L92 262Z', darken(c, 0.25)) +
    pathEl('M220 262C216 230 202 214 186 204L164 262Z', darken(c, 0.25)),
  scarf: (c) =>
    pathEl('M36 262C40 210 82 188 128 188C174 188 216 210 220 262Z', '#5b6770') +
    pathEl('M96 186Q128 206 160 186L166 200Q128 224 90 200Z', c) +
    rect(140, 200, 18, 50, c, 'rx="6" transform="rotate(-8 149 225)"'),
};

function backdrop(kind, bg, rng) {
  const light = lighten(bg, 0.25);
  switch (kind) {
    case 'waves':
      return (
        [0, 1, 2]
          .map(
            (i) =>
              `<path d="M-10 ${196 + i * 22}Q30 ${182 + i * 22} 70 ${196 + i * 22}T150 ${196 + i * 22}T230 ${196 + i * 22}T310 ${196 + i * 22}" stroke="${light}" stroke-width="6" fill="none"/>`,
          )
          .join('') + circle(204, 58, 22, '#ffe28a')
      );
    case 'rays': {
      let rays = '';
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * Math.PI * 2;
        rays += pathEl(
          polyPath([
            [128, 128],
            [128 + Math.cos(a - 0.12) * 200, 128 + Math.sin(a - 0.12) * 200],
            [128 + Math.cos(a + 0.12) * 200, 128 + Math.sin(a + 0.12) * 200],
          ]),
          light,
        );
      }
      return rays;
    }
    case 'flowers': {
      let out = pathEl('M-10 184Q128 130 266 184V266H-10Z', lighten(bg, 0.15));
      for (const [x, y, c] of [
        [28, 196, '#ffd6e8'],
        [58, 222, '#fff3b0'],
        [202, 204, '#ffd6e8'],
        [230, 178, '#ffffff'],
      ]) {
        for (let k = 0; k < 5; k++) {
          const a = (k / 5) * Math.PI * 2;
          out += circle(x + Math.cos(a) * 6, y + Math.sin(a) * 6, 5, c);
        }
        out += circle(x, y, 4, '#f4a300');
      }
      return out;
    }
    case 'hills':
      return pathEl('M-10 196Q60 150 130 190T266 176V266H-10Z', light) + cloud(60, 60, 0.8, '#ffffff', 0.8);
    case 'road':
      return (
        pathEl('M-10 210Q60 170 128 200T266 190V266H-10Z', light) +
        `<path d="M-10 236Q60 196 128 226T266 216" stroke="${lighten(bg, 0.55)}" stroke-width="5" fill="none" stroke-dasharray="14 10"/>`
      );
    case 'peaks':
      return (
        pathEl('M-10 206L48 120L90 170L150 86L214 162L266 128V266H-10Z', light) +
        pathEl('M150 86L134 106L146 104L156 114L166 102Z', '#ffffff', 'opacity="0.8"') +
        pathEl('M48 120L38 136L50 132L58 140Z', '#ffffff', 'opacity="0.8"')
      );
    case 'pines': {
      let out = '';
      for (const [x, h] of [
        [18, 120],
        [54, 92],
        [204, 108],
        [238, 138],
      ])
        out += pine(x, 250, h, light);
      return out;
    }
    case 'rain': {
      let out = pathEl('M-10 196Q64 170 128 196T266 190V266H-10Z', darken(bg, 0.15));
      for (let i = 0; i < 26; i++) {
        const x = rng.range(-10, 260);
        const y = rng.range(-10, 200);
        out += `<path d="M${f(x)} ${f(y)}l-5 14" stroke="${light}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>`;
      }
      return out;
    }
    case 'sunset':
      return (
        circle(128, 200, 70, '#ffd166', 'opacity="0.9"') +
        pathEl('M-10 206Q70 186 128 204T266 198V266H-10Z', darken(bg, 0.2)) +
        birds(rng, 40, 60, 3, darken(bg, 0.35))
      );
    default:
      return '';
  }
}

/** Who is drawn: the demo users of apps/server/src/db/seed/demo-users.ts, file named after their login. */
const PEOPLE = [
  {
    file: 'ana',
    bg: '#2a9d8f',
    scene: 'waves',
    skin: '#e8b990',
    hair: '#4a2c1d',
    back: 'long',
    front: 'sidePart',
    gear: ['sunglasses'],
    clothes: ['zip', '#e76f51'],
  },
  {
    file: 'miguel',
    bg: '#f4a261',
    scene: 'rays',
    skin: '#c68a5c',
    hair: '#1c1410',
    front: 'short',
    gear: ['headband:#1d7fd1', 'stubble:#3a2a20'],
    clothes: ['tee', '#264653'],
  },
  {
    file: 'sofia',
    bg: '#b8a1e3',
    scene: 'flowers',
    skin: '#f1c7a3',
    hair: '#9c4221',
    back: 'curly',
    front: 'curls',
    gear: ['glasses:#5b3a29', 'earrings:#f4a300'],
    clothes: ['scarf', '#2a9d8f'],
  },
  {
    file: 'lucas',
    bg: '#5aa9e6',
    scene: 'hills',
    skin: '#d59e70',
    hair: '#3b2416',
    front: 'swept',
    gear: ['cap:#2b9348'],
    clothes: ['tee', '#ffb703'],
  },
  {
    file: 'camille',
    bg: '#ff7a6b',
    scene: 'road',
    skin: '#f5d6c0',
    hair: '#e0b35a',
    back: 'bob',
    gear: ['helmet:#ffd166'],
    clothes: ['jersey', '#06a77d'],
  },
  {
    file: 'giulia',
    bg: '#6d7fd6',
    scene: 'peaks',
    skin: '#e3b08a',
    hair: '#2b1b14',
    back: 'ponytail',
    front: 'fringe',
    gear: ['headband:#e63946'],
    clothes: ['zip', '#1b998b'],
  },
  {
    file: 'noah',
    bg: '#4f9d69',
    scene: 'pines',
    skin: '#f2cfb2',
    hair: '#7a5c45',
    front: 'receding',
    gear: ['beard:#8a6a52', 'glasses:#222222'],
    clothes: ['straps', '#3d5a80'],
  },
  {
    file: 'ingrid',
    bg: '#3d6f80',
    scene: 'rain',
    skin: '#f7dcc8',
    hair: '#f0d28a',
    back: 'long',
    front: 'fringe',
    gear: ['hood:#ffcc00'],
    clothes: ['zip', '#ffcc00'],
  },
  {
    file: 'sam',
    bg: '#e76f51',
    scene: 'sunset',
    skin: '#8d5524',
    hair: '#c9c9c9',
    front: 'short',
    gear: ['glasses:#c0392b'],
    clothes: ['scarf', '#f4a261'],
  },
];

function portraitSvg(person) {
  const rng = makeRng(`person:${person.file}`);
  const skinD = darken(person.skin, 0.15);
  const gear = person.gear.map((g) => g.split(':'));
  const has = (name) => gear.some(([g]) => g === name);
  const parts = [backdrop(person.scene, person.bg, rng)];
  if (has('hood')) parts.push(GEAR.hood(gear.find(([g]) => g === 'hood')[1]));
  if (person.back && !has('hood')) parts.push(HAIR.back[person.back](person.hair));
  const [clothes, clothesColor] = person.clothes;
  parts.push(
    rect(112, 156, 32, 40, skinD, 'rx="12"'),
    CLOTHES[clothes](clothesColor),
    circle(84, 128, 10, person.skin),
    circle(172, 128, 10, person.skin),
    ellipse(128, 124, 44, 50, person.skin),
  );
  parts.push(FACE.eyes(), FACE.brows(darken(person.hair, 0.35)), FACE.nose(skinD), FACE.smile(), FACE.cheeks());
  if (person.front) parts.push(HAIR.front[person.front](person.hair));
  for (const [name, color] of gear) {
    if (name !== 'hood') parts.push(GEAR[name](color));
  }
  return avatarSvg({ bg: person.bg, draw: () => parts });
}

// ---------------------------------------------------------------------------
// Brand
// ---------------------------------------------------------------------------

// `rounded: false` draws the mark full-bleed, square: the maskable app icon, which the device
// crops to its own shape (every part that matters lies inside the central 80% safe zone).
function markSvg(prefix, { rounded = true } = {}) {
  return (
    `<defs><linearGradient id="${prefix}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#34d399"/><stop offset="1" stop-color="#0f766e"/></linearGradient>` +
    `<clipPath id="${prefix}c"><rect width="32" height="32" rx="${rounded ? 8 : 0}"/></clipPath></defs>` +
    `<g clip-path="url(#${prefix}c)">` +
    `<rect width="32" height="32" fill="url(#${prefix}g)"/>` +
    `<circle cx="24" cy="8" r="3" fill="#fde68a"/>` +
    `<path d="M1 24L11.5 10.5L16 16.5L20.5 12L31 24Z" fill="#ecfdf5"/>` +
    `<path d="M11.5 10.5L16 16.5L13.5 24H11.5ZM20.5 12L31 24H22Z" fill="#a7f3d0"/>` +
    `<path d="M0 23.5Q9 20.5 17 22.5T32 21.5V32H0Z" fill="#0b7a5c"/>` +
    `<path d="M10.5 32C11 28.6 19.2 29 18.6 25.6C18.2 23.8 15.6 23.6 15.9 21.4H16.9C16.9 23 20.4 23.4 20.7 25.6C21.2 29.4 15.4 29.6 17 32Z" fill="#fcd34d"/>` +
    `</g>`
  );
}

function logoSvg() {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="32" viewBox="0 0 160 32" role="img" aria-label="TrailBuddy">` +
    `<title>TrailBuddy</title>${markSvg('tbl')}` +
    `<text x="39" y="23" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="19" font-weight="700" letter-spacing="-0.4">` +
    `<tspan fill="#134e4a">Trail</tspan><tspan fill="#0d9488">Buddy</tspan></text></svg>\n`
  );
}

function iconSvg(options) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 32 32" role="img" aria-label="TrailBuddy">` +
    `<title>TrailBuddy</title>${markSvg('tbi', options)}</svg>\n`
  );
}

/** The app icon as a PNG of `size` pixels, rasterised from the vector at that size (not scaled up). */
function iconPng(svg, size) {
  return sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

const written = [];

async function save(file, buf) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, buf);
  written.push([path.relative(repoRoot, file), buf.length]);
}

async function jpegUnder(pipelineFactory, maxBytes, quality) {
  for (let q = quality; q >= 50; q -= 4) {
    const buf = await pipelineFactory().jpeg({ quality: q, mozjpeg: true }).toBuffer();
    if (buf.length < maxBytes) return buf;
  }
  throw new Error('could not fit JPEG under the size budget');
}

async function contactSheet(items, cols, tw, th, file, label = true) {
  const pad = 10;
  const lh = label ? 22 : 0;
  const rows = Math.ceil(items.length / cols);
  const width = cols * (tw + pad) + pad;
  const height = rows * (th + lh + pad) + pad;
  const composites = [];
  for (let i = 0; i < items.length; i++) {
    const x = pad + (i % cols) * (tw + pad);
    const y = pad + Math.floor(i / cols) * (th + lh + pad);
    composites.push({
      input: await sharp(items[i].buf).resize(tw, th, { fit: 'contain', background: '#ffffff' }).png().toBuffer(),
      left: x,
      top: y,
    });
    if (label) {
      const t = `<svg xmlns="http://www.w3.org/2000/svg" width="${tw}" height="${lh}"><text x="2" y="16" font-family="${FONT}" font-size="14" fill="#222">${items[i].name}</text></svg>`;
      composites.push({ input: Buffer.from(t), left: x, top: y + th });
    }
  }
  await sharp({ create: { width, height, channels: 3, background: '#e9e9e9' } })
    .composite(composites)
    .png()
    .toFile(file);
}

async function main() {
  const sheets = process.argv.includes('--sheets');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const placeBufs = [];
  const mapBufs = [];
  for (const place of PLACES) {
    if (only && only !== place.name) continue;
    const s = new Svg(W, H);
    place.draw(s, makeRng(`place:${place.name}`));
    const svg = Buffer.from(s.toString());
    const buf = await jpegUnder(() => sharp(svg).flatten({ background: '#ffffff' }), 180_000, 78);
    await save(path.join(OUT.places, `${place.name}.jpg`), buf);
    placeBufs.push({ name: place.name, buf });

    const map = await renderMap(place.name);
    const mapPng = await map.png().toBuffer();
    const mbuf = await jpegUnder(() => sharp(mapPng), 120_000, 80);
    await save(path.join(OUT.maps, `${place.name}.jpg`), mbuf);
    mapBufs.push({ name: place.name, buf: mbuf });
  }

  const peopleBufs = [];
  if (!only || only === 'people') {
    for (const person of PEOPLE) {
      const buf = await sharp(Buffer.from(portraitSvg(person)))
        .png({ compressionLevel: 9, palette: true, quality: 95 })
        .toBuffer();
      await save(path.join(OUT.people, `${person.file}.png`), buf);
      peopleBufs.push({ name: person.file, buf });
    }
  }

  const avatarBufs = [];
  if (!only) {
    for (let i = 0; i < AVATARS.length; i++) {
      const buf = await sharp(Buffer.from(avatarSvg(AVATARS[i])))
        .png({ compressionLevel: 9, palette: true, quality: 95 })
        .toBuffer();
      await save(path.join(OUT.avatars, `avatar-${i + 1}.png`), buf);
      avatarBufs.push({ name: `avatar-${i + 1}`, buf });
    }
  }
  if (!only || only === 'brand') {
    const logo = logoSvg();
    const icon = iconSvg();
    await save(path.join(OUT.brand, 'logo.svg'), Buffer.from(logo));
    await save(path.join(OUT.brand, 'icon.svg'), Buffer.from(icon));
    const icon192 = await iconPng(icon, 192);
    await save(path.join(OUT.brand, 'icon-192.png'), icon192);
    // The web app manifest's icons (installing the app): the rounded mark for "any" use, and the
    // full-bleed square for "maskable" (the home screen's own shape).
    await save(path.join(OUT.brand, 'icon-512.png'), await iconPng(icon, 512));
    const maskable = iconSvg({ rounded: false });
    const maskable512 = await iconPng(maskable, 512);
    await save(path.join(OUT.brand, 'maskable-192.png'), await iconPng(maskable, 192));
    await save(path.join(OUT.brand, 'maskable-512.png'), maskable512);
    if (sheets) {
      const logoPng = await sharp(Buffer.from(logo), { density: 72 * 4 })
        .png()
        .toBuffer();
      avatarBufs.push({ name: 'icon-192', buf: icon192 }, { name: 'maskable-512', buf: maskable512 }, { name: 'logo', buf: logoPng });
    }
  }

  if (sheets) {
    if (placeBufs.length) await contactSheet(placeBufs, 4, 400, 267, '/tmp/contact-places.png');
    if (mapBufs.length) await contactSheet(mapBufs, 4, 400, 300, '/tmp/contact-maps.png');
    if (avatarBufs.length) await contactSheet(avatarBufs, 4, 256, 256, '/tmp/contact-avatars.png');
    if (peopleBufs.length) await contactSheet(peopleBufs, 5, 256, 256, '/tmp/contact-people.png');
  }

  let total = 0;
  for (const [file, size] of written) {
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total (${written.length} files)`);
}

await main();
