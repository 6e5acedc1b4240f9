import type { RouteObject } from 'react-router';

/**
 * One route as matchRoutes sees it after flattening the table: its whole path, compiled, and its
 * rank. Built once per table: matchRoutes flattens and ranks the whole table on every call, and the
 * sidebar asks about each of its items (the home about its links), which at the signed-in first
 * paint cost a quarter of a second on a slow phone. The table does not change once built (a router
 * that joins routes later has a table of its own).
 */
interface Branch {
  pattern: RegExp;
  score: number;
  catchAll: boolean;
}

const branchesByTable = new WeakMap<RouteObject[], Branch[]>();

// react-router's ranking (computeScore): static segments outrank dynamic ones, a splat ranks last.
const PARAM = /^:[\w-]+$/;
function score(path: string, index: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

// react-router's compilePath for a whole path (end: true, not case sensitive).
function compile(path: string): RegExp {
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (_match, _name, optional) => (optional ? '/?([^\\/]+)?' : '/([^\\/]+)'))}`;
  if (path.endsWith('*')) source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  else source += '\\/*$';
  return new RegExp(source, 'i');
}

// react-router's flattenRoutes: every route with a path, or an index, is a branch of its own.
function flatten(routes: RouteObject[], parentPath: string, into: Branch[]): Branch[] {
  for (const route of routes) {
    const relative = route.path ?? '';
    const own = relative.startsWith('/') ? relative.slice(parentPath.length) : relative;
    const path = `${parentPath}/${own}`.replace(/\/\/+/g, '/');
    if (route.children?.length) flatten(route.children, path, into);
    if (route.path == null && !route.index) continue;
    into.push({
      pattern: compile(path),
      score: score(path, route.index === true),
      catchAll: route.path === '*',
    });
  }
  return into;
}

/**
 * True when `path` reaches a real screen, not the catch-all 404: the branch matchRoutes would pick
 * (the best ranked that matches, the first of equals) is not a catch-all.
 */
export function isRegisteredPath(routes: RouteObject[], path: string): boolean {
  let branches = branchesByTable.get(routes);
  if (!branches) {
    branches = flatten(routes, '', []);
    branchesByTable.set(routes, branches);
  }
  const pathname = path.replace(/[?#].*$/, '') || '/';
  let best: Branch | null = null;
  for (const branch of branches) {
    if ((best === null || branch.score > best.score) && branch.pattern.test(pathname)) best = branch;
  }
  return best !== null && !best.catchAll;
}
