import { readFileSync } from 'node:fs';

export const fixturePath = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;
export const fixture = (name: string) => readFileSync(fixturePath(name), 'utf8');
