/** The package ships JavaScript only: samlify's schema-validator contract. */
declare module '@authenio/samlify-xmllint-wasm' {
  export function validate(xml: string): Promise<boolean>;
}
