/** `n` things in words, the number as the reader's locale writes it: "1 pet", "1,234 pets". */
export const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
