import sys, json, os, re
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import base, cookies, popups, ads, negs
from langs import L
OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKER = '<div id="marker" style="background:#00a86b;width:420px;height:160px"></div>'
BASECSS = '''*{box-sizing:border-box}body{margin:0;font:16px/1.65 system-ui,"Noto Sans","Noto Sans CJK JP","Noto Sans Thai","Noto Sans Devanagari","Noto Sans Arabic","Noto Sans Hebrew",sans-serif;color:#222;background:#fff}
.site-header{background:#fff;border-bottom:3px solid #222}.site-header .wrap{max-width:1100px;margin:0 auto;padding:14px 20px;font:bold 24px Georgia,serif}
.site-header a{color:inherit;text-decoration:none}.layout{max-width:1100px;margin:0 auto;padding:20px;display:flex;gap:40px;align-items:flex-start}
#article{flex:1;max-width:700px}#article h1{font-size:30px;line-height:1.25;margin:8px 0 16px}#marker{margin:16px 0}.sidebar{width:300px;flex-shrink:0}
.site-footer{max-width:1100px;margin:40px auto;padding:20px;border-top:1px solid #ddd;color:#777;font-size:13px}'''
labels = {}
ANIM = {'quantcast-choice': [('.qc-cmp-cleanslate','fade',0)], 'iubenda-banner': [('#iubenda-cs-banner','up',0)],
 'consentmanager-center': [('#cmpbox','fade',255),('#cmpbox2','fade',255)], 'axeptio-card': [('#axeptio_overlay','fadeup',255)],
 'hubspot-top': [('#hs-eu-cookie-confirmation','down',0)], 'site-appsheet-dim': [('#appLayer','up',0)],
 'onesignal-slidedown': [('#onesignal-slidedown-container','down',255)], 'site-spin2win': [('#wheelio-spin-popup','fade',205)],
 'adsense-anchor': [('ins.adsbygoogle-noablate','up',255)]}
ANIMJS = "<script>(function(){function A(s,k,d){window.addEventListener('load',function(){setTimeout(function(){var el=document.querySelector(s);if(!el)return;var n=0,N=8;function f(){n++;var e=1-Math.pow(1-n/N,3);if(k=='up')el.style.transform='translateY('+(100*(1-e))+'%)';if(k=='down')el.style.transform='translateY('+(-100*(1-e))+'%)';if(k=='fade'||k=='fadeup')el.style.opacity=String(e);if(k=='fadeup')el.style.transform='translateY('+(20*(1-e))+'px)';if(n<N)setTimeout(f,25);else{el.style.transform='';el.style.opacity='';}}f();},d)});}@@CALLS@@})();</script>"
import re as _re
os.makedirs(OUT + '/pages', exist_ok=True)
for f in os.listdir(OUT + '/pages'):
    if f.endswith('.html'): os.remove(OUT + '/pages/' + f)
for i, p in enumerate(base.P, 1):
    lang = p['lang']; site, heading, paras, d = L[lang]
    if p['slug'] in ANIM:
        p['css'] = _re.sub(r'animation:[^;}]+;?', '', _re.sub(r'@keyframes\s+\w+\{from\{[^}]*\}to\{[^}]*\}\}', '', p.get('css','')))
        p['script'] = p.get('script','') + ANIMJS.replace('@@CALLS@@', ''.join('A(%s,%s,%d);' % (json.dumps(a), json.dumps(b), c) for a, b, c in ANIM[p['slug']]))
    if p.get('article'): heading, paras = p['article']
    paras = paras[:5]
    blocks = ['<p>%s</p>' % x for x in paras]
    blocks.insert(1, MARKER)
    if p.get('in_article'):
        at = p.get('in_at', 3)
        # position counted in paragraphs; marker occupies slot 1
        idx = at if at == 0 else at + 1
        blocks.insert(idx, p['in_article'])
    art = '<article id="article"%s><h1>%s</h1>\n%s\n</article>' % ((' ' + p['article_attrs']) if p.get('article_attrs') else '', heading, '\n'.join(blocks))
    header = p.get('header') or '<header class="site-header"><div class="wrap"><a href="#">%s</a></div></header>' % site
    aside = '<aside class="sidebar">%s</aside>' % p['aside'] if p.get('aside') else ''
    html_attrs = ' ' + p['html_attrs'] if p.get('html_attrs') else ''
    if p.get('html_style'): html_attrs += ' style="%s"' % p['html_style']
    body_attrs = ' ' + p['body_attrs'] if p.get('body_attrs') else ''
    title = p.get('title_override') or '%s – %s' % (heading, site)
    doc = f'''<!doctype html>
<html lang="{lang}" dir="{d}"{html_attrs}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
{BASECSS}
{p.get('css','')}
</style>
</head>
<body{body_attrs}>
{p.get('before','')}
{p.get('top','')}
{header}
<main class="layout">
{art}
{aside}
</main>
{p.get('after_article','')}
<footer class="site-footer">© 2026 {site}</footer>
{p.get('after','')}
{p.get('script','')}
</body>
</html>
'''
    fn = '%03d-%s-%s.html' % (i, p['slug'], lang.lower())
    open(OUT + '/pages/' + fn, 'w', encoding='utf-8').write(doc)
    keep = [{'selector': '#article'}, {'selector': '#marker'}] + [{'selector': s} for s in p.get('keep', [])]
    labels[fn] = {'kind': p['kind'], 'vendor': p['vendor'], 'lang': lang, 'source': p['source'],
                  'remove': [{'selector': s, 'kind': k} for s, k in p.get('remove', [])],
                  'keep': keep, 'split': 'independent'}
json.dump(labels, open(OUT + '/labels.json', 'w', encoding='utf-8'), ensure_ascii=False, indent=1)
print(len(labels))
