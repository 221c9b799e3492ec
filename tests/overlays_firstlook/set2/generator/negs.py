from base import *
N='neg'
# N1 editor toolbar ru
add(slug='editor-toolbar', vendor='site', lang='ru', k=N, kind='negative: rich-text editor with fixed formatting toolbar (role=toolbar)',
 source='written for this set',
 css='''.editor-toolbar{position:fixed;top:0;left:0;right:0;z-index:1000;background:#f7f7f9;border-bottom:1px solid #ccc;display:flex;gap:4px;padding:6px 20px;align-items:center}
.editor-toolbar button{min-width:34px;height:32px;border:1px solid #ccc;background:#fff;border-radius:3px;font-size:14px}.editor-toolbar .sep{width:1px;height:24px;background:#ccc;margin:0 6px}.editor-status{margin-left:auto;font-size:13px;color:#777}body{padding-top:50px}#article[contenteditable]{outline:1px dashed #bbb;padding:10px}''',
 before='<div class="editor-toolbar" role="toolbar" aria-label="Форматирование текста"><button type="button" aria-label="Полужирный"><b>Ж</b></button><button type="button" aria-label="Курсив"><i>К</i></button><button type="button" aria-label="Подчёркнутый"><u>Ч</u></button><span class="sep"></span><button type="button">H1</button><button type="button">H2</button><button type="button" aria-label="Цитата">❝</button><span class="sep"></span><button type="button" aria-label="Маркированный список">•≡</button><button type="button" aria-label="Ссылка">🔗</button><button type="button" aria-label="Изображение">🖼</button><span class="editor-status">Черновик сохранён в 14:32</span><button type="button" style="background:#2b7de9;color:#fff;border-color:#2b7de9;padding:0 14px">Опубликовать</button></div>',
 article_attrs='contenteditable="true"',
 keep=['.editor-toolbar'])

# N2 chat launcher pt-BR
add(slug='chat-launcher', vendor='site', lang='pt-BR', k=N, kind='negative: fixed chat launcher bubble bottom-right',
 source='written for this set',
 css='''#chat-launcher{position:fixed;right:24px;bottom:24px;z-index:2147483000;display:flex;align-items:center;gap:8px;background:#25a55f;color:#fff;border:0;border-radius:30px;padding:14px 22px;font-size:15px;font-weight:bold;box-shadow:0 4px 12px rgba(0,0,0,.25)}''',
 after='<button id="chat-launcher" type="button" aria-label="Abrir chat de atendimento"><span aria-hidden="true">💬</span> Fale conosco</button>',
 keep=['#chat-launcher'])

# N3 media player ko
add(slug='video-player-controls', vendor='site', lang='ko', k=N, kind='negative: article video player with overlaid custom controls bar',
 source='written for this set',
 css='''#player{position:relative;width:640px;height:360px;background:linear-gradient(135deg,#355c7d,#6c5b7b,#c06c84);margin:16px 0}#player .title{position:absolute;top:40%;width:100%;text-align:center;color:#fff;font-size:26px;font-weight:bold}
.player-controls{position:absolute;left:0;right:0;bottom:0;height:44px;background:rgba(0,0,0,.65);display:flex;align-items:center;gap:12px;padding:0 14px;color:#fff;font-size:13px}.player-controls button{background:none;border:0;color:#fff;font-size:16px}.pc-bar{flex:1;height:5px;background:#666}.pc-bar i{display:block;width:22%;height:5px;background:#f33}''',
 in_article='<div id="player" class="video-player" role="region" aria-label="동영상 플레이어"><div class="title">도서관 개관식 현장 영상</div><div class="player-controls" role="group" aria-label="재생 컨트롤"><button type="button" aria-label="재생">▶</button><span>0:42 / 3:15</span><div class="pc-bar"><i></i></div><button type="button" aria-label="음소거">🔊</button><button type="button" aria-label="자막">자막</button><button type="button" aria-label="전체 화면">⛶</button></div></div>', in_at=2,
 keep=['#player', '.player-controls'])

# N4 cookie policy page hu
add(slug='cookie-policy-page', vendor='site', lang='hu', k=N, kind='negative: the page IS the cookie policy (article explains cookies, with a table)',
 source='written for this set',
 article=('Sütikezelési tájékoztató', [
  'Ez a tájékoztató bemutatja, hogy a Városi Hírek weboldala milyen sütiket (cookie-kat) használ, milyen célból, és hogyan módosíthatja a beállításait. A sütik kis szöveges fájlok, amelyeket a böngésző az Ön eszközén tárol.',
  'A feltétlenül szükséges sütik nélkül az oldal nem működne megfelelően: ezek tárolják például a bejelentkezési állapotot és a nyelvi beállítást. Ezekhez nem kérünk hozzájárulást.',
  'Az analitikai sütik segítségével névtelen statisztikát készítünk arról, mely cikkeket olvassák a legtöbben. A marketingcélú sütiket csak az Ön kifejezett hozzájárulása esetén helyezzük el.',
  'Hozzájárulását bármikor visszavonhatja a lábléc „Adatvédelmi beállítások” hivatkozásán keresztül, illetve a böngészője beállításaiban törölheti a már tárolt sütiket.',
  'Kérdés esetén adatvédelmi tisztviselőnkhöz fordulhat az adatvedelem@varosihirek.example címen.']),
 css='''#cookie-table{border-collapse:collapse;width:100%;font-size:14px;margin:16px 0}#cookie-table th,#cookie-table td{border:1px solid #ccc;padding:6px 8px;text-align:left}#cookie-table th{background:#f2f2f2}''',
 in_article='<table id="cookie-table"><caption style="text-align:left;font-weight:bold;margin-bottom:6px">Az oldalon használt sütik</caption><thead><tr><th>Név</th><th>Szolgáltató</th><th>Cél</th><th>Lejárat</th></tr></thead><tbody><tr><td>session_id</td><td>Városi Hírek</td><td>Bejelentkezés fenntartása</td><td>A munkamenet végéig</td></tr><tr><td>lang</td><td>Városi Hírek</td><td>Nyelvi beállítás</td><td>1 év</td></tr><tr><td>consent_state</td><td>Városi Hírek</td><td>A süti-hozzájárulás tárolása</td><td>6 hónap</td></tr><tr><td>_stat_uid</td><td>Saját analitika</td><td>Névtelen látogatottsági statisztika</td><td>13 hónap</td></tr></tbody></table>', in_at=2,
 keep=['#cookie-table'])

# N5 privacy settings cs
add(slug='account-privacy-settings', vendor='site', lang='cs', k=N, kind='negative: account privacy settings page with cookie toggles as page content',
 source='written for this set',
 article=('Nastavení soukromí', [
  'Na této stránce můžete spravovat, jak Městské listy pracují s vašimi údaji. Změny se uloží do vašeho účtu a projeví se na všech zařízeních, na kterých jste přihlášeni.',
  'Nezbytné cookies nelze vypnout, protože bez nich by nefungovalo přihlášení ani nákupní košík předplatného.',
  'Analytické cookies nám pomáhají zjistit, které články čtete nejčastěji. Marketingové cookies umožňují zobrazovat reklamu podle vašich zájmů.',
  'Svůj souhlas můžete kdykoli změnit. Historii změn najdete v sekci Můj účet – Záznamy souhlasů.']),
 css='''#privacy-settings{border:1px solid #ddd;border-radius:8px;padding:18px;margin:16px 0;font-size:15px}.pref-row{display:flex;justify-content:space-between;align-items:center;padding:10px 0;border-bottom:1px solid #eee}
.switch{width:44px;height:24px;border-radius:12px;background:#ccc;position:relative;display:inline-block}.switch.on{background:#2e7d32}.switch::after{content:"";position:absolute;top:3px;left:3px;width:18px;height:18px;border-radius:50%;background:#fff}.switch.on::after{left:23px}
#privacy-settings button{margin-top:14px;padding:10px 20px;background:#2e7d32;color:#fff;border:0;border-radius:4px}''',
 in_article='<form id="privacy-settings" class="account-privacy"><div class="pref-row"><span><b>Nezbytné cookies</b><br><small>Vždy aktivní</small></span><span class="switch on" role="switch" aria-checked="true" aria-disabled="true"></span></div><div class="pref-row"><span><b>Analytické cookies</b></span><span class="switch on" role="switch" aria-checked="true" tabindex="0"></span></div><div class="pref-row"><span><b>Marketingové cookies</b></span><span class="switch" role="switch" aria-checked="false" tabindex="0"></span></div><button type="button">Uložit nastavení</button></form>', in_at=1,
 keep=['#privacy-settings'])

# N6 sticky header + fixed footer tr
add(slug='sticky-header-footer', vendor='site', lang='tr', k=N, kind='negative: site\'s own sticky header and fixed footer bar',
 source='written for this set',
 header='<header id="site-header" class="site-header" style="position:sticky;top:0;z-index:100;background:#b71c1c;color:#fff;border:0"><div class="wrap" style="display:flex;gap:24px;align-items:center"><span>Şehir Gazetesi</span><nav style="font:15px sans-serif;display:flex;gap:16px"><a href="#" style="color:#fff">Gündem</a><a href="#" style="color:#fff">Kültür</a><a href="#" style="color:#fff">Spor</a><a href="#" style="color:#fff">Ekonomi</a></nav></div></header>',
 css='#site-footer{position:fixed;left:0;right:0;bottom:0;z-index:100;background:#222;color:#ccc;font-size:13px;padding:10px 20px;display:flex;gap:20px;justify-content:center}#site-footer a{color:#fff}body{padding-bottom:50px}',
 after='<footer id="site-footer" role="contentinfo"><span>© 2026 Şehir Gazetesi</span><a href="#">Hakkımızda</a><a href="#">Künye</a><a href="#">İletişim</a><a href="#">Abonelik</a></footer>',
 keep=['#site-header', '#site-footer'])

# N7 login modal on login page zh-CN
add(slug='login-page-modal', vendor='site', lang='zh-CN', k=N, kind='negative: the page is the login page; its login dialog (with dim layer) is the purpose of the page',
 source='written for this set',
 article=('会员登录', [
  '登录城市晚报会员账号后，您可以收藏文章、参与评论，并在多台设备之间同步阅读进度。',
  '会员每周还可以收到编辑精选的本地新闻简报，以及社区活动的优先报名资格。',
  '如果您还没有账号，可以使用手机号码免费注册，整个过程不超过一分钟。',
  '忘记密码时，请点击登录框中的“找回密码”，按照短信提示重新设置即可。']),
 css='''#login-dialog{position:fixed;inset:0;z-index:1000;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center}.login-box{background:#fff;width:400px;border-radius:8px;padding:30px;font-size:15px}
.login-box h2{margin:0 0 16px}.login-box input{width:100%;padding:10px;margin-bottom:12px;border:1px solid #ccc;border-radius:4px}.login-box button{width:100%;padding:12px;background:#c62828;color:#fff;border:0;border-radius:4px;font-size:16px}''',
 after='<div id="login-dialog" role="dialog" aria-modal="true" aria-labelledby="login-title"><form class="login-box" action="#" method="post"><h2 id="login-title">登录城市晚报</h2><label>手机号或邮箱<input type="text" name="user" autocomplete="username"></label><label>密码<input type="password" name="pw" autocomplete="current-password"></label><button type="submit">登录</button><p style="font-size:13px;text-align:center"><a href="#">找回密码</a> · <a href="#">免费注册</a></p></form></div>',
 title_override='登录 – 城市晚报',
 keep=['#login-dialog'])

# N8 share/print bar el
add(slug='share-print-bar', vendor='site', lang='el', k=N, kind='negative: fixed vertical share/print bar at the left edge',
 source='written for this set',
 css='''.share-bar{position:fixed;left:16px;top:200px;z-index:50;display:flex;flex-direction:column;gap:6px;font-size:12px;text-align:center}.share-bar span{color:#777}.share-bar a{display:block;width:54px;padding:8px 0;background:#eee;border-radius:6px;color:#333;text-decoration:none}''',
 after='<div class="share-bar" role="group" aria-label="Κοινοποίηση άρθρου"><span>Κοινοποίηση</span><a href="#">Facebook</a><a href="#">X</a><a href="#">Email</a><a href="#" onclick="window.print();return false">Εκτύπωση</a></div>',
 keep=['.share-bar'])

# N9 feedback tab sv
add(slug='feedback-tab', vendor='site', lang='sv', k=N, kind='negative: fixed vertical feedback tab on the right edge',
 source='written for this set',
 css='#feedback-tab{position:fixed;right:0;top:45%;transform:rotate(-90deg) translateX(50%);transform-origin:100% 100%;z-index:900;background:#005293;color:#fff;padding:8px 16px;border-radius:6px 6px 0 0;font-size:14px;text-decoration:none}',
 after='<a id="feedback-tab" href="#" role="button">Lämna synpunkter</a>',
 keep=['#feedback-tab'])

# N10 lightbox open th
svgimg = "data:image/svg+xml;utf8," + "%3Csvg xmlns='http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg' width='800' height='500'%3E%3C/svg%3E"
add(slug='lightbox-open', vendor='site', lang='th', k=N, kind='negative: image lightbox the user opened (full-viewport dark layer with photo, caption, arrows)',
 source='written for this set',
 css='''.gallery{display:flex;gap:8px;margin:12px 0}.gallery a{display:block;width:120px;height:80px;background:linear-gradient(135deg,#8e9eab,#eef2f3)}
#lightbox{position:fixed;inset:0;z-index:10000;background:rgba(0,0,0,.9);display:flex;align-items:center;justify-content:center;flex-direction:column}#lightbox .lb-img{width:800px;height:500px;background:linear-gradient(135deg,#c79081,#dfa579 40%,#8e9eab)}
#lightbox .lb-cap{color:#ddd;margin-top:10px;font-size:15px}#lightbox .lb-close{position:absolute;top:16px;right:24px;color:#fff;font-size:32px;background:none;border:0}#lightbox .lb-prev,#lightbox .lb-next{position:absolute;top:45%;color:#fff;font-size:40px;background:none;border:0}.lb-prev{left:30px}.lb-next{right:30px}''',
 in_article='<div class="gallery"><a href="#lightbox" aria-label="ภาพที่ 1"></a><a href="#" aria-label="ภาพที่ 2"></a><a href="#" aria-label="ภาพที่ 3"></a></div>', in_at=2,
 after='<div id="lightbox" class="lightbox open" role="dialog" aria-modal="true" aria-label="แกลเลอรีภาพ"><button class="lb-close" type="button" aria-label="ปิด">×</button><button class="lb-prev" type="button" aria-label="ก่อนหน้า">‹</button><div class="lb-img" role="img" aria-label="ภายในห้องสมุดชุมชน"></div><div class="lb-cap">ภาพที่ 1 จาก 3 · มุมอ่านหนังสือสำหรับเด็ก</div><button class="lb-next" type="button" aria-label="ถัดไป">›</button></div>',
 keep=['#lightbox'])

# N11 search overlay vi
add(slug='search-overlay-open', vendor='site', lang='vi', k=N, kind='negative: site search overlay the user opened (panel with input and suggestions over dim layer)',
 source='written for this set',
 css='''#search-overlay{position:fixed;inset:0;z-index:5000;background:rgba(255,255,255,.97)}.so-inner{max-width:760px;margin:80px auto;font-size:16px}.so-inner input{width:100%;font-size:26px;padding:14px;border:0;border-bottom:3px solid #0a58ca;outline:none}
.so-inner ul{list-style:none;padding:0}.so-inner li{padding:10px 0;border-bottom:1px solid #eee}.so-close{position:absolute;top:20px;right:30px;font-size:30px;border:0;background:none}''',
 after='<div id="search-overlay" class="search-overlay is-open" role="search"><button class="so-close" type="button" aria-label="Đóng tìm kiếm">×</button><div class="so-inner"><form action="#"><input type="search" value="thư viện" aria-label="Tìm kiếm trên Tin Phố" autofocus></form><p style="color:#777">Gợi ý tìm kiếm</p><ul><li>thư viện cộng đồng giờ mở cửa</li><li>thư viện quận sửa chữa</li><li>chợ trao đổi sách cũ tháng này</li></ul></div></div>',
 keep=['#search-overlay'])

# N12 sticky TOC uk
add(slug='sticky-toc', vendor='site', lang='uk', k=N, kind='negative: sticky table of contents in the sidebar',
 source='written for this set',
 css='#toc{position:sticky;top:20px;border-left:3px solid #0057b7;padding:6px 14px;font-size:14px}#toc ol{padding-left:18px;margin:6px 0}',
 aside='<nav id="toc" aria-label="Зміст"><strong>Зміст</strong><ol><li><a href="#">Рішення громади</a></li><li><a href="#">Проєкт реконструкції</a></li><li><a href="#">Фінансування</a></li><li><a href="#">Думка мешканців</a></li><li><a href="#">Терміни</a></li></ol></nav>',
 keep=['#toc'])

# N13 cart drawer id (with scrim)
add(slug='cart-drawer', vendor='site', lang='id', k=N, kind='negative: open cart drawer with items (right panel + scrim) the user opened',
 source='written for this set',
 css='''#cart-drawer{position:fixed;top:0;right:0;bottom:0;width:380px;z-index:2001;background:#fff;box-shadow:-4px 0 16px rgba(0,0,0,.2);padding:20px;font-size:14px}.drawer-scrim{position:fixed;inset:0;background:rgba(0,0,0,.3);z-index:2000}
.cart-item{display:flex;gap:10px;padding:10px 0;border-bottom:1px solid #eee}.cart-item .ci-img{width:60px;height:80px;background:#d4a373}.cart-total{font-weight:bold;margin:14px 0}#cart-drawer .checkout{display:block;text-align:center;background:#111;color:#fff;padding:12px;text-decoration:none;border-radius:4px}''',
 after='<div class="drawer-scrim" id="cart-scrim"></div><aside id="cart-drawer" class="cart-drawer is-open" role="dialog" aria-label="Keranjang belanja"><h3 style="margin-top:0">Keranjang Belanja (2)</h3><div class="cart-item"><div class="ci-img"></div><div>Sejarah Pasar Lama – Sampul Keras<br>1 × Rp185.000</div></div><div class="cart-item"><div class="ci-img" style="background:#a3b18a"></div><div>Peta Kota Tua (Poster A2)<br>2 × Rp45.000</div></div><div class="cart-total">Subtotal: Rp275.000</div><a class="checkout" href="#">Lanjut ke Pembayaran</a><p style="text-align:center"><a href="#">Lanjut belanja</a></p></aside>',
 keep=['#cart-drawer'])

# N14 sticky buy bar ro
add(slug='sticky-buy-bar', vendor='site', lang='ro', k=N, kind='negative: sticky "add to cart" bar fixed at the bottom of a product page',
 source='written for this set',
 css='#buy-bar{position:fixed;left:0;right:0;bottom:0;z-index:300;background:#fff;border-top:1px solid #ddd;box-shadow:0 -2px 8px rgba(0,0,0,.08);display:flex;align-items:center;gap:20px;padding:12px 40px;font-size:15px}#buy-bar .price{font-size:20px;font-weight:bold;color:#c00;margin-left:auto}#buy-bar button{background:#f60;color:#fff;border:0;padding:12px 26px;border-radius:4px;font-weight:bold}',
 after='<div id="buy-bar" class="sticky-add-to-cart"><span>Album „Hala veche – 100 de ani”, ediție cartonată</span><span class="price">249 lei</span><button type="button">Adaugă în coș</button></div>',
 keep=['#buy-bar'])

# N15 mobile tab bar zh-TW
add(slug='mobile-tabbar', vendor='site', lang='zh-TW', k=N, kind='negative: fixed bottom app-style tab bar (site navigation)',
 source='written for this set',
 css='nav.tab-bar{position:fixed;left:0;right:0;bottom:0;z-index:200;background:#fff;border-top:1px solid #ddd;display:flex;justify-content:space-around;padding:6px 0;font-size:12px}nav.tab-bar a{color:#555;text-decoration:none;text-align:center}nav.tab-bar a b{display:block;font-size:20px}nav.tab-bar a.active{color:#e60012}body{padding-bottom:60px}',
 after='<nav class="tab-bar" aria-label="主選單"><a href="#" class="active"><b>⌂</b>首頁</a><a href="#"><b>☰</b>分類</a><a href="#"><b>★</b>收藏</a><a href="#"><b>✉</b>訊息</a><a href="#"><b>☺</b>我的</a></nav>',
 keep=['nav.tab-bar'])

# N16 map with controls fi
add(slug='map-controls', vendor='site', lang='fi', k=N, kind='negative: embedded map with zoom/fullscreen controls and attribution',
 source='written for this set',
 css='''#map{position:relative;width:640px;height:320px;margin:16px 0;background-color:#e8eee4;background-image:linear-gradient(#fff 2px,transparent 2px),linear-gradient(90deg,#fff 2px,transparent 2px),linear-gradient(30deg,transparent 48%,#f6d58e 48%,#f6d58e 52%,transparent 52%);background-size:80px 80px,80px 80px,100% 100%}
.map-controls{position:absolute;top:10px;right:10px;display:flex;flex-direction:column;gap:2px}.map-controls button{width:32px;height:32px;background:#fff;border:1px solid #aaa;font-size:18px}.map-pin{position:absolute;left:300px;top:130px;font-size:30px}.map-attrib{position:absolute;right:0;bottom:0;background:rgba(255,255,255,.8);font-size:11px;padding:1px 5px}''',
 in_article='<div id="map" class="map-container" role="region" aria-label="Kartta: kirjaston sijainti"><span class="map-pin">📍</span><div class="map-controls"><button type="button" aria-label="Lähennä">+</button><button type="button" aria-label="Loitonna">−</button><button type="button" aria-label="Koko näyttö">⛶</button></div><div class="map-attrib">© Kaupungin karttapalvelu</div></div>', in_at=2,
 keep=['#map', '.map-controls'])

# N17 datepicker he
days = ''.join('<td%s>%d</td>' % (' class="sel" aria-selected="true"' if d == 18 else '', d) for d in range(1, 31))
rows = ''.join('<tr>' + ''.join(('<td%s>%d</td>' % (' class="sel" aria-selected="true"' if d == 18 else '', d)) if 1 <= d <= 30 else '<td></td>' for d in range(w*7-2, w*7+5)) + '</tr>' for w in range(0, 5))
add(slug='datepicker-open', vendor='site', lang='he', k=N, kind='negative: calendar date-picker popover open under a form field',
 source='written for this set',
 css='''.booking{position:relative;border:1px solid #ddd;padding:16px;margin:16px 0;width:440px}.booking input{padding:8px;width:200px}
.datepicker-popover{position:absolute;top:74px;right:16px;z-index:50;background:#fff;border:1px solid #bbb;box-shadow:0 4px 14px rgba(0,0,0,.2);padding:10px;border-radius:6px;font-size:13px}.datepicker-popover table{border-collapse:collapse}.datepicker-popover td,.datepicker-popover th{width:30px;height:28px;text-align:center}.datepicker-popover td.sel{background:#1565c0;color:#fff;border-radius:50%}''',
 in_article='<form class="booking" action="#"><label>תאריך ביקור בספרייה<br><input type="text" value="18/11/2026" aria-haspopup="dialog" aria-expanded="true"></label><div class="datepicker-popover" role="dialog" aria-label="בחירת תאריך"><div style="display:flex;justify-content:space-between"><button type="button" aria-label="החודש הקודם">›</button><b>נובמבר 2026</b><button type="button" aria-label="החודש הבא">‹</button></div><table role="grid"><thead><tr><th>א׳</th><th>ב׳</th><th>ג׳</th><th>ד׳</th><th>ה׳</th><th>ו׳</th><th>ש׳</th></tr></thead><tbody>%s</tbody></table></div></form>' % rows, in_at=1,
 keep=['.datepicker-popover'])

# N18 maintenance alert bg
add(slug='maintenance-alert', vendor='site', lang='bg', k=N, kind='negative: in-flow role=alert notice that is content ("scheduled maintenance tonight")',
 source='written for this set',
 css='#maintenance-alert{background:#fff3cd;border:1px solid #ffe08a;color:#664d03;padding:12px 16px;border-radius:4px;margin:0 0 16px;font-size:15px}',
 in_article='<div id="maintenance-alert" class="notice notice-warning" role="alert"><strong>Планирана поддръжка тази нощ:</strong> от 01:00 до 03:00 ч. онлайн каталогът на библиотеката и резервациите няма да са достъпни.</div>', in_at=0,
 keep=['#maintenance-alert'])

# N19 sponsored label inside editorial ar
add(slug='sponsored-label-editorial', vendor='site', lang='ar', k=N, kind='negative: "sponsored" label inside the editorial article (byline disclosure), not an ad slot',
 source='written for this set',
 css='.byline{font-size:14px;color:#666;margin-bottom:12px}.sponsored-label{display:inline-block;background:#eee;color:#444;font-size:12px;padding:2px 8px;border-radius:3px;margin-inline-start:8px}',
 in_article='<div class="byline">بقلم: سارة المصري · <span class="sponsored-label">محتوى برعاية مؤسسة القراءة للجميع</span></div>', in_at=0,
 keep=['.sponsored-label'])

# N20 subscribe page ja
add(slug='subscribe-page', vendor='site', lang='ja', k=N, kind='negative: the page IS a newsletter subscribe page; the sign-up form is the main content',
 source='written for this set',
 article=('ニュースレター登録', [
  'まちのニュースでは、毎週金曜日に地域の話題をまとめたニュースレターをお届けしています。商店街のイベント情報や、図書コーナーの新着本のお知らせも掲載しています。',
  '登録は無料です。メールアドレスを入力して「登録する」を押すと、確認メールが届きます。メール内のリンクを開くと登録が完了します。',
  '配信の停止は、毎回のメールの最下部にあるリンクからいつでも行えます。ご登録いただいたメールアドレスは、ニュースレターの配信以外には使用しません。',
  'バックナンバーは「ニュースレター一覧」のページからご覧いただけます。']),
 css='#newsletter-signup{border:2px solid #c4151c;border-radius:8px;padding:20px;margin:16px 0}#newsletter-signup input{width:60%;padding:10px;font-size:15px}#newsletter-signup button{padding:10px 24px;background:#c4151c;color:#fff;border:0;font-size:15px}',
 in_article='<form id="newsletter-signup" action="#" method="post"><label for="nl-mail"><b>メールアドレス</b></label><br><input id="nl-mail" type="email" placeholder="example@mail.jp"> <button type="submit">登録する</button><p><label><input type="checkbox" checked> 商店街イベント情報も受け取る</label></p></form>', in_at=2,
 keep=['#newsletter-signup'])

# N21 dialog open confirm sk
add(slug='dialog-confirm-delete', vendor='site', lang='sk', k=N, kind='negative: <dialog open> confirmation the user asked for ("delete this file?")',
 source='written for this set',
 css='#confirm-delete{position:fixed;top:220px;left:50%;transform:translateX(-50%);margin:0;z-index:100;border:1px solid #aaa;border-radius:8px;box-shadow:0 6px 24px rgba(0,0,0,.3);padding:22px;width:420px;font-size:15px}#confirm-delete menu{display:flex;gap:8px;justify-content:flex-end;padding:0}#confirm-delete button{padding:8px 16px}.danger{background:#c62828;color:#fff;border:0;border-radius:4px}',
 after='<dialog open id="confirm-delete" aria-labelledby="cd-title"><form method="dialog"><h3 id="cd-title" style="margin-top:0">Naozaj chcete odstrániť tento súbor?</h3><p>Súbor <b>kniznica-rozpocet-2026.xlsx</b> bude presunutý do koša. Obnoviť ho môžete do 30 dní.</p><menu><button value="cancel">Zrušiť</button><button value="delete" class="danger">Odstrániť</button></menu></form></dialog>',
 keep=['#confirm-delete'])

# N22 cookie recipe hr ("kolačići")
add(slug='recipe-kolacici-jumpbar', vendor='site', lang='hr', k=N, kind='negative: a recipe for cookies ("kolačići" = cookies, also the Croatian word for HTTP cookies) with a fixed "jump to recipe" bar',
 source='written for this set',
 article=('Recept: domaći kolačići s komadićima čokolade', [
  'Ovi domaći kolačići s komadićima čokolade gotovi su za manje od pola sata, a tijesto se može pripremiti i dan ranije. Izvana su hrskavi, a iznutra ostaju mekani.',
  'Za dvadesetak kolačića trebate 200 grama brašna, 120 grama maslaca, 100 grama smeđeg šećera, jedno jaje, prstohvat soli i 150 grama tamne čokolade narezane na komadiće.',
  'Maslac i šećer pjenasto izmiksajte, dodajte jaje, a zatim brašno i sol. Na kraju umiješajte čokoladu, oblikujte kuglice i složite ih na lim obložen papirom za pečenje.',
  'Pecite ih dvanaest minuta na 180 °C. Kolačiće ostavite da se ohlade na limu barem pet minuta prije nego što ih premjestite na rešetku.']),
 css='#jump-to-recipe{position:fixed;left:50%;transform:translateX(-50%);bottom:20px;z-index:60;background:#8d5524;color:#fff;padding:12px 28px;border-radius:30px;text-decoration:none;font-weight:bold;box-shadow:0 3px 10px rgba(0,0,0,.25)}',
 after='<a id="jump-to-recipe" href="#article">Skoči na recept za kolačiće ↓</a>',
 keep=['#jump-to-recipe'])

# N23 podcast player lt
add(slug='podcast-player-bar', vendor='site', lang='lt', k=N, kind='negative: fixed bottom podcast/audio player bar',
 source='written for this set',
 css='#podcast-player{position:fixed;left:0;right:0;bottom:0;z-index:400;background:#1f1f2e;color:#fff;display:flex;align-items:center;gap:16px;padding:10px 30px;font-size:14px}#podcast-player button{background:#fff;border:0;border-radius:50%;width:36px;height:36px}#podcast-player .pp-bar{flex:1;height:4px;background:#555}#podcast-player .pp-bar i{display:block;width:40%;height:4px;background:#f5a623}body{padding-bottom:60px}',
 after='<div id="podcast-player" role="region" aria-label="Garso grotuvas"><button type="button" aria-label="Pauzė">❚❚</button><div><b>Miesto žinios. Podkastas</b><br>42 epizodas: biblioteka sandėlyje</div><div class="pp-bar"><i></i></div><span>12:08 / 31:40</span><button type="button" aria-label="Garsas">🔊</button></div>',
 keep=['#podcast-player'])
