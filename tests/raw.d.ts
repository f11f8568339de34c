/** Vite's `?raw` imports (fixtures read as text). */
declare module '*?raw' {
  const text: string;
  export default text;
}
