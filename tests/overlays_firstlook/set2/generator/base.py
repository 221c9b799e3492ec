import json, html as H
P = []
def add(**kw): P.append(kw)
def srcdoc(s): return H.escape(s, quote=True)
def js(s): return json.dumps(s, ensure_ascii=False).replace('</', '<\\/')
def inject(markup, delay=200, extra=''):
    return ("<script>window.addEventListener('load',function(){setTimeout(function(){var d=document.createElement('div');d.innerHTML=%s;"
            "while(d.firstChild)document.body.appendChild(d.firstChild);%s},%d)});</script>" % (js(markup), extra, delay))
def creative(text, sub, w, h, bg='linear-gradient(135deg,#ff7a18,#af002d)', lab=''):
    return ('<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%%;overflow:hidden}'
            'a{display:flex;flex-direction:column;justify-content:center;align-items:center;width:%dpx;height:%dpx;background:%s;color:#fff;'
            'font:bold 22px sans-serif;text-decoration:none;position:relative}small{font-size:14px;font-weight:normal;margin-top:6px}'
            'i{position:absolute;top:2px;right:4px;font:10px sans-serif;opacity:.8}</style></head><body><a href="#" target="_blank">%s<small>%s</small><i>%s</i></a></body></html>') % (w, h, bg, text, sub, lab)
