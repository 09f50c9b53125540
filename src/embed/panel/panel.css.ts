/**
 * The panel's stylesheet, adopted into the widget's shadow root (nothing
 * reaches the page, nothing of the page's reaches in except inherited custom
 * properties). Pixel units only: `rem` would follow the page's root font size.
 *
 * Theming: the page (or `colors` in init) sets `--zx-primary`, `--zx-on-primary`,
 * `--zx-bg`, `--zx-text`, `--zx-text-muted`, `--zx-border`, `--zx-link`,
 * `--zx-font`, `--zx-radius` on the widget or an ancestor; each falls back to
 * the light or dark default of the widget's theme. The defaults meet WCAG AA
 * contrast (dark glyphs on the light brand blue).
 */
const light =
  '--_bg:var(--zx-bg,#fff);--_subtle:var(--zx-bg-subtle,#f4f6f9);--_text:var(--zx-text,#1f2329);--_muted:var(--zx-text-muted,#5b6472);--_border:var(--zx-border,#e3e6eb);--_link:var(--zx-link,#0369a1);--_soft:var(--zx-primary-soft,#e5f7ff);--_danger:#b42318;color-scheme:light'
const dark =
  '--_bg:var(--zx-bg,#16191f);--_subtle:var(--zx-bg-subtle,#1e222a);--_text:var(--zx-text,#e8eaed);--_muted:var(--zx-text-muted,#a3acb8);--_border:var(--zx-border,#2e343e);--_link:var(--zx-link,#7dd3fc);--_soft:var(--zx-primary-soft,#12303d);--_danger:#fda29b;color-scheme:dark'

export const panelCss = `
.p{${light};--_primary:var(--zx-primary-strong,var(--zx-primary,#32C5FF));--_on:var(--zx-on-primary,#063446);--_radius:var(--zx-radius,16px);
--zx-md-text:var(--_text);--zx-md-muted:var(--_muted);--zx-md-border:var(--_border);--zx-md-link:var(--_link);--zx-md-code-bg:var(--_subtle);
all:initial;display:flex;flex-direction:column;box-sizing:border-box;width:100%;height:100%;overflow:hidden;background:var(--_bg);color:var(--_text);
font:14px/1.6 var(--zx-font,-apple-system,BlinkMacSystemFont,'Segoe UI','PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC',Arial,sans-serif);
border:1px solid var(--_border);border-radius:var(--_radius);box-shadow:0 12px 40px rgba(15,23,42,.18);text-align:left;-webkit-text-size-adjust:100%}
.p[data-theme=dark]{${dark}}
@media (prefers-color-scheme:dark){.p[data-theme=auto]{${dark}}}
.p *,.p *::before,.p *::after{box-sizing:border-box}
.b{position:fixed;right:24px;bottom:92px;z-index:2147483000;width:400px;height:min(640px,calc(100vh - 116px))}
.b.left{right:auto;left:24px}
.b.i{position:relative;right:auto;bottom:auto;z-index:auto;width:100%;height:100%;min-height:420px}
.b.i .p{box-shadow:none}
.b.a,.b.a .p{height:auto}.b.a .m{overflow:visible;flex:none}
@media (max-width:640px){.b:not(.i){inset:var(--zx-vt,0) auto auto var(--zx-vl,0);width:var(--zx-vw,100%);height:var(--zx-vh,100%)}.b:not(.i) .p{border-radius:0;border:0}}
button{font:inherit;color:inherit;cursor:pointer}
button:focus-visible,a:focus-visible,summary:focus-visible,.c:focus-within{outline:2px solid var(--zx-focus,#0A6F94);outline-offset:2px}
.h{display:flex;align-items:center;gap:10px;padding:12px 12px 12px 16px;border-bottom:1px solid var(--_border);flex:none}
.av{flex:none;width:36px;height:36px;border-radius:50%;display:grid;place-items:center;background:var(--_primary);color:var(--_on);font-weight:600;font-size:16px;overflow:hidden}
.av img{width:100%;height:100%;object-fit:cover}
.ht{flex:1;min-width:0}
.ht h2{margin:0;font-size:15px;font-weight:600;line-height:1.3;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ht p{margin:0;font-size:12px;color:var(--_muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ib{flex:none;width:34px;height:34px;display:grid;place-items:center;border:0;border-radius:8px;background:transparent;color:var(--_muted);padding:0}
.ib:hover{background:var(--_subtle);color:var(--_text)}
.ib svg,.ab svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.m{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:16px;display:flex;flex-direction:column;gap:14px}
.w{background:var(--_subtle);border-radius:12px;padding:12px 14px}
.chips{display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0;list-style:none}
.lbl{margin:4px 0 -6px;font-size:12px;color:var(--_muted)}
.chip{border:1px solid var(--_border);background:var(--_bg);border-radius:999px;padding:6px 12px;font-size:13px;line-height:1.4;text-align:left}
.chip:hover{border-color:var(--_primary);background:var(--_soft)}
.q{align-self:flex-end;max-width:85%;background:var(--_soft);border-radius:14px 14px 4px 14px;padding:8px 12px;white-space:pre-wrap;overflow-wrap:anywhere}
.a{align-self:stretch;max-width:100%}
.a .zx-md{font-size:14px}
.zx-md-plain{white-space:pre-wrap;overflow-wrap:anywhere}
.a .zx-md>.zx-md-block:first-child>:first-child{margin-top:0}
.st{font-size:12px;color:var(--_muted);margin-top:4px}
.er{color:var(--_danger)}
.dots::after{content:'';display:inline-block;width:6px;height:6px;margin-left:6px;border-radius:50%;background:var(--_primary);animation:zxp 1s infinite}
@keyframes zxp{50%{opacity:.2}}
.acts{display:flex;gap:2px;margin-top:4px;align-items:center}
.ab{border:0;background:transparent;color:var(--_muted);border-radius:6px;padding:4px 6px;display:inline-flex;align-items:center;gap:4px;font-size:12px}
.ab:hover{background:var(--_subtle);color:var(--_text)}
.ab[aria-pressed=true]{color:var(--_link)}
details{margin-top:6px;font-size:12px;color:var(--_muted)}
details ol{margin:6px 0 0;padding-left:18px}
details li{margin:4px 0}
.th{margin:0 0 6px;white-space:pre-wrap}
.rr{margin-top:6px;padding:10px 12px;border:1px solid var(--_border);border-radius:10px;font-size:13px}
.rr fieldset{border:0;margin:0 0 8px;padding:0;display:flex;flex-direction:column;gap:4px}
.rr legend{padding:0;margin-bottom:4px;font-weight:600}
.rr label{display:flex;align-items:center;gap:6px;cursor:pointer}
.rr textarea{display:block;width:100%;border:1px solid var(--_border);border-radius:8px;padding:6px 8px}
.rr textarea:focus-visible{outline:2px solid var(--zx-focus,#0A6F94)}
.ab:disabled{opacity:.5;cursor:default}
.hl{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
.hl li{display:flex;align-items:center;gap:4px}
.hi{flex:1;min-width:0;text-align:left;border:0;background:transparent;border-radius:8px;padding:8px 10px}
.hi:hover{background:var(--_subtle)}
.hi span{display:block;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.hi small{color:var(--_muted);font-size:12px}
.empty{color:var(--_muted);text-align:center;margin:32px 0}
.n{margin:0 16px 8px;padding:8px 12px;border-radius:8px;background:var(--_subtle);color:var(--_danger);font-size:13px}
.c{display:flex;align-items:flex-end;gap:8px;margin:0 12px;padding:8px 8px 8px 12px;border:1px solid var(--_border);border-radius:12px;background:var(--_bg);flex:none}
textarea{flex:1;min-width:0;border:0;outline:0;resize:none;background:transparent;color:inherit;font:inherit;line-height:1.5;max-height:140px;padding:4px 0;margin:0}
textarea::placeholder{color:var(--_muted)}
.sb{flex:none;width:36px;height:36px;border:0;border-radius:10px;background:var(--_primary);color:var(--_on);display:grid;place-items:center;padding:0}
.sb:disabled{opacity:.45;cursor:default}
.sb svg{width:18px;height:18px;fill:currentColor}
.f{display:flex;justify-content:space-between;gap:8px;padding:6px 16px 10px;font-size:11px;color:var(--_muted);flex:none}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (prefers-reduced-motion:reduce){.dots::after{animation:none}}
`
