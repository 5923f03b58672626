import { renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useDocumentTitle } from './use-document-title.ts';

it('keeps a name written right to left, or with a direction mark, from turning the app’s name round', () => {
  renderHook(() => useDocumentTitle('Rex\u202Egnp.exe'));
  expect(document.title).toBe('\u2068Rex\u202Egnp.exe\u2069 · Petstore Admin');
  // A name that closes the isolate itself, then turns the text round, is held in too.
  renderHook(() => useDocumentTitle('Rex\u2069\u202E'));
  expect(document.title).toBe('\u2068Rex\u202E\u2069 · Petstore Admin');
});

it('leaves a title of plain ASCII as it is, with no marks for bookmarks and history to show', () => {
  renderHook(() => useDocumentTitle('Add a pet'));
  expect(document.title).toBe('Add a pet · Petstore Admin');
  renderHook(() => useDocumentTitle('Zoë'));
  expect(document.title).toBe('\u2068Zoë\u2069 · Petstore Admin');
});
