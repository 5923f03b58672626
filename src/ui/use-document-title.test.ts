import { renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useDocumentTitle } from './use-document-title.ts';

it('keeps a name written right to left, or with a direction mark, from turning the app’s name round', () => {
  renderHook(() => useDocumentTitle('Rex\u202Egnp.exe'));
  expect(document.title).toBe('\u2068Rex\u202Egnp.exe\u2069 · Petstore Admin');
});
