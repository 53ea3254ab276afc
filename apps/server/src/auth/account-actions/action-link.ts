/** The widget's page for an account action: `/auth?mode=<mode>&oobCode=<code>`, the shape it reads (checklist §2). */
export function actionLink(appUrl: string, mode: string, oobCode: string): string {
  const url = new URL('/auth', appUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  return url.toString();
}
