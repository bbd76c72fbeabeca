import { describe, expect, it } from 'vitest';
import { readableTextOn } from '../../../src/features/oauth/readableTextOn';

describe('readableTextOn()', () => {
  it.each([
    ['#0a7c59', '#ffffff'],
    ['#000000', '#ffffff'],
    ['#1d4ed8', '#ffffff'],
    ['#ffffff', '#000000'],
    ['#ffd400', '#000000'],
    ['#7fffd4', '#000000'],
    ['not a colour', '#ffffff'],
  ])('writes on %s in %s', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });
});
