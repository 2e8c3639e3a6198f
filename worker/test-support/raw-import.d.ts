// A file imported with Vite's `?raw` suffix is its text (https://vite.dev/guide/assets#importing-asset-as-string).
declare module '*?raw' {
  const text: string;
  export default text;
}
