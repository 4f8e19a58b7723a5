/**
 * Ordinary least-squares fit of a straight line y = intercept + slope · x, the capacity
 * forecast's method (docs/subscriptions.md "Capacity planning"). `r_squared` says how much of the
 * variation the line explains (1 = every point on it); it is null when every y is the same.
 */
export interface LinearFit {
  points: number;
  slope: number;
  intercept: number;
  r_squared: number | null;
}

export function linearFit(points: readonly { x: number; y: number }[]): LinearFit | null {
  const n = points.length;
  if (n < 2) return null;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0,
    sxy = 0,
    syy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { points: n, slope, intercept: my - slope * mx, r_squared: syy === 0 ? null : (sxy * sxy) / (sxx * syy) };
}

/** Where the line reaches `target`: the x, or null when it never does going forward (flat or falling). */
export function reachesAt(fit: LinearFit, target: number): number | null {
  if (fit.slope <= 0) return null;
  return (target - fit.intercept) / fit.slope;
}
