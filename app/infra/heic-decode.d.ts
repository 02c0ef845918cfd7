/** heic-decode ships no types: its functions, as blog-images.server.ts uses them. */
declare module "heic-decode" {
  export type DecodedImage = { width: number; height: number; data: Uint8ClampedArray };
  /** An image of the file, its size known before its pixels are decoded. */
  export type LazyImage = { width: number; height: number; decode(): Promise<DecodedImage> };
  type Decode = {
    (input: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedImage>;
    /** Every image of the file, undecoded; `dispose()` frees them. */
    all(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<LazyImage[] & { dispose(): void }>;
  };
  const decode: Decode;
  export default decode;
}
