/**
 * A web build for gateway tests that need no `npm run build`: a bare index.html and a server entry
 * written by the test (`entry`, the module's source), in a temporary folder the test removes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function standInBuild(entry: string): { dist: string; bundle: string } {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stand-in-build-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="zh-CN"><head><title>x</title></head><body><div id="root"></div></body></html>\n',
  );
  fs.mkdirSync(path.join(dist, 'ssr'));
  const bundle = path.join(dist, 'ssr/entry-server.js');
  fs.writeFileSync(bundle, entry);
  return { dist, bundle };
}
