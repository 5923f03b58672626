/** `n` things in words, the number as the reader's locale writes it: "1 pet", "1,234 pets". */
export const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** A size as people read it: `64 KiB`, or bytes when it is no whole number of KiB. */
export const bytes = (count: number) =>
  count >= 1024 && count % 1024 === 0 ? `${count / 1024} KiB` : `${count.toLocaleString()} bytes`;
