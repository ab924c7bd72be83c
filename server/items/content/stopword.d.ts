// stopword ships no types: the lists this project uses.
declare module 'stopword' {
  export const fra: string[];
  export const eng: string[];
}
