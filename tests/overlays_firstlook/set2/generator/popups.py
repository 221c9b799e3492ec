from base import *
U='popups'
# P1 Klaviyo newsletter pt-BR, inserted 300ms
kl = '''<div class="needsclick kl-private-reset-css-Xuajs1" role="dialog" aria-modal="true" aria-label="POPUP Form" data-testid="POPUP"><div class="needsclick klaviyo-form klaviyo-form-version-cid_1 kl-private-reset-css-Xuajs1 kl-box">
<button class="needsclick klaviyo-close-form kl-private-reset-css-Xuajs1" aria-label="Fechar formulário" type="button">×</button>
<h2>Ganhe 10% de desconto na primeira compra</h2><p>Assine nossa newsletter e receba novidades da livraria, lançamentos e cupons exclusivos direto no seu e-mail.</p>
<form><input type="email" placeholder="Seu melhor e-mail" aria-label="E-mail"><button type="button" class="kl-submit">Quero meu cupom</button></form><p class="kl-small">Não, obrigado. Prefiro pagar o preço cheio.</p></div></div>'''
add(slug='klaviyo-newsletter', vendor='klaviyo', lang='pt-BR', k=U, kind='Klaviyo sign-up popup form with backdrop, inserted 300 ms after load',
 source='written for this set after the DOM of Klaviyo onsite popup forms (div.needsclick.kl-private-reset-css-* role=dialog aria-label="POPUP Form", button.klaviyo-close-form)',
 css='''div[aria-label="POPUP Form"]{position:fixed;inset:0;z-index:90000;background:rgba(20,20,20,.6);display:flex;align-items:center;justify-content:center}
.kl-box{position:relative;background:#fff6ea;width:480px;padding:36px;border-radius:4px;text-align:center;font-size:15px;line-height:1.5}.klaviyo-close-form{position:absolute;top:8px;right:12px;border:0;background:none;font-size:24px}
.kl-box input{width:90%;padding:11px;margin:10px 0;border:1px solid #aaa}.kl-submit{width:95%;padding:12px;background:#d94f2b;color:#fff;border:0;font-weight:bold}.kl-small{font-size:12px;text-decoration:underline;color:#666}''',
 script=inject(kl, 300),
 remove=[('div[aria-label="POPUP Form"]', U)])

# P2 app-install zh-CN: mask + bottom sheet inside
add(slug='site-openapp-mask', vendor='site', lang='zh-CN', k=U, kind='app-install interstitial: full dim mask containing a bottom sheet, body overflow hidden',
 source='written for this set (pattern of Chinese news/content sites "打开App" interstitials)',
 body_attrs='style="overflow:hidden"',
 css='''#openAppMask{position:fixed;inset:0;z-index:9999;background:rgba(0,0,0,.6)}.open-app-sheet{position:absolute;left:50%;transform:translateX(-50%);bottom:0;width:640px;background:#fff;border-radius:16px 16px 0 0;padding:28px;text-align:center;font-size:15px}
.open-app-sheet .app-icon{width:64px;height:64px;border-radius:14px;background:#e33;margin:0 auto 10px;color:#fff;font:bold 26px/64px sans-serif}.open-app-btn{display:block;background:#e33;color:#fff;padding:13px;border-radius:24px;text-decoration:none;font-weight:bold;margin:16px 0 10px}.continue-web{color:#888;text-decoration:none;font-size:14px}''',
 after='''<div id="openAppMask" class="open-app-mask"><div class="open-app-sheet"><div class="app-icon">晚</div><h3>打开城市晚报App，阅读体验更佳</h3><p>App内可查看完整评论、离线阅读和实时推送本地新闻</p><a href="#" class="open-app-btn">打开App</a><a href="#" class="continue-web">继续浏览网页版</a></div></div>''',
 remove=[('#openAppMask', U)])

# P3 open-in-app ko with separate dim
add(slug='site-appsheet-dim', vendor='site', lang='ko', k=U, kind='"open in app" bottom sheet + SEPARATE dim layer #dimmed, both fixed',
 source='written for this set (pattern of Korean portal "앱으로 보기" sheets)',
 css='''#dimmed{position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:1000}#appLayer{position:fixed;left:0;right:0;bottom:0;z-index:1001;background:#fff;border-radius:20px 20px 0 0;padding:26px 0 30px;text-align:center;font-size:15px;animation:up .35s}
@keyframes up{from{transform:translateY(100%)}to{transform:none}}#appLayer .btn_app{display:inline-block;width:420px;background:#03c75a;color:#fff;padding:14px;border-radius:8px;text-decoration:none;font-weight:bold}#appLayer .btn_web{display:block;margin-top:12px;color:#777;font-size:13px}''',
 after='''<div id="dimmed" class="dimmed"></div><div id="appLayer" class="ly_app" role="dialog" aria-label="앱 설치 안내"><strong style="font-size:18px">앱에서 보면 더 편리해요</strong><p>동네소식 앱에서 댓글, 알림, 동네 인기글을 한 번에 확인하세요.</p><a href="#" class="btn_app">앱으로 보기</a><a href="#" class="btn_web">괜찮아요, 모바일웹으로 볼게요</a></div>''',
 remove=[('#appLayer', U), ('#dimmed', U)])

# P4 OneSignal slidedown vi
osd = '''<div id="onesignal-slidedown-container" class="onesignal-slidedown-container onesignal-reset slide-down"><div id="onesignal-slidedown-dialog" class="onesignal-slidedown-dialog" role="dialog" aria-labelledby="slidedown-body-message">
<div id="normal-slidedown"><div class="slidedown-body" id="slidedown-body"><div class="slidedown-body-icon"><span>🔔</span></div><div class="slidedown-body-message" id="slidedown-body-message">Bạn có muốn nhận thông báo về tin tức mới nhất của khu phố không? Bạn có thể hủy đăng ký bất cứ lúc nào.</div></div>
<div class="slidedown-footer" id="slidedown-footer"><button class="align-right primary slidedown-button" id="onesignal-slidedown-allow-button">Cho phép</button><button class="align-right secondary slidedown-button" id="onesignal-slidedown-cancel-button">Để sau</button></div></div></div></div>'''
add(slug='onesignal-slidedown', vendor='onesignal', lang='vi', k=U, kind='OneSignal push-permission slidedown, fixed top centre, inserted 250 ms after load, slides down',
 source='written for this set after the OneSignal Web SDK slidedown prompt markup (#onesignal-slidedown-container.onesignal-slidedown-container.onesignal-reset.slide-down, #onesignal-slidedown-allow-button, #onesignal-slidedown-cancel-button)',
 css='''#onesignal-slidedown-container{position:fixed;top:0;left:0;right:0;z-index:2147483000;display:flex;justify-content:center;animation:osd .4s}@keyframes osd{from{transform:translateY(-100%)}to{transform:none}}
#onesignal-slidedown-dialog{width:500px;background:#fff;box-shadow:0 0 16px rgba(0,0,0,.3);border-radius:0 0 4px 4px;padding:20px;font-size:15px;line-height:1.5}.slidedown-body{display:flex;gap:14px}.slidedown-body-icon{font-size:40px}
.slidedown-footer{display:flex;flex-direction:row-reverse;gap:8px;margin-top:12px}.slidedown-button{padding:9px 20px;border:0;border-radius:3px;font-weight:bold}.primary{background:#1565c0;color:#fff}.secondary{background:none;color:#1565c0}''',
 script=inject(osd, 250),
 remove=[('#onesignal-slidedown-container', U)])

# P5 OptinMonster exit-intent tr
om = '''<div id="om-k8x2mwe7p1-holder"><div id="om-k8x2mwe7p1" class="om-k8x2mwe7p1 Campaign CampaignType--popup" role="dialog" aria-modal="true" aria-labelledby="om-k8x2mwe7p1-title"><div class="Campaign-overlay"><div class="Campaign-content">
<button class="CloseButton" aria-label="Kapat" type="button">×</button><h2 id="om-k8x2mwe7p1-title">Gitmeden önce!</h2><p>Size özel <strong>%15 indirim</strong> kodu hazırladık. Sepetinizdeki ürünler için hemen kullanın.</p>
<div class="om-coupon">GITME15</div><button class="om-cta" type="button">İndirimi uygula</button><p class="om-no">Hayır, teşekkürler</p></div></div></div></div>'''
add(slug='optinmonster-exit', vendor='optinmonster', lang='tr', k=U, kind='OptinMonster exit-intent coupon popup (simulated: shown 350 ms after load), full-viewport overlay',
 source='written for this set after OptinMonster campaign markup (#om-<slug>-holder > #om-<slug>.Campaign.CampaignType--popup, .CloseButton)',
 css='''#om-k8x2mwe7p1{position:fixed;inset:0;z-index:888888888}.Campaign-overlay{position:absolute;inset:0;background:rgba(0,0,0,.7);display:flex;align-items:center;justify-content:center}
.Campaign-content{position:relative;background:#fff;width:460px;padding:34px;text-align:center;border-top:6px solid #e63946;font-size:15px}.CloseButton{position:absolute;right:10px;top:6px;border:0;background:none;font-size:24px}
.om-coupon{border:2px dashed #e63946;padding:10px;font:bold 24px monospace;margin:14px 60px}.om-cta{background:#e63946;color:#fff;border:0;padding:12px 30px;font-weight:bold;border-radius:4px}.om-no{font-size:12px;color:#888;text-decoration:underline}''',
 script=inject(om, 350),
 remove=[('#om-k8x2mwe7p1', U)])

# P6 Qualtrics survey fi corner
qs = '''<div class="QSIPopOver SI_3K2dHoBvZ0xXqgS_PopOverContainer" role="dialog" aria-labelledby="qsi-title" data-type="PopOver"><div class="QSIPopOverShadow"><div class="qsi-inner">
<button class="QSIPopOverCloseButton" type="button" aria-label="Sulje">×</button><strong id="qsi-title">Autatko meitä parantamaan sivustoa?</strong><p>Vastaa lyhyeen kyselyyn kokemuksestasi. Vastaaminen vie noin kaksi minuuttia.</p>
<div class="qsi-btns"><button type="button" class="qsi-yes">Kyllä, vastaan</button><button type="button" class="qsi-no">Ei kiitos</button></div></div></div></div>'''
add(slug='qualtrics-survey', vendor='qualtrics', lang='fi', k=U, kind='Qualtrics site-intercept survey invitation, fixed bottom-right corner, no backdrop, inserted 250 ms after load',
 source='written for this set after Qualtrics Website Feedback pop-over markup (div.QSIPopOver.SI_<id>_PopOverContainer); inner markup approximate',
 css='''.QSIPopOver{position:fixed;right:30px;bottom:30px;width:340px;z-index:2000000000;background:#fff;border:1px solid #ccc;border-radius:6px;box-shadow:0 4px 14px rgba(0,0,0,.25)}.qsi-inner{position:relative;padding:20px;font-size:14px;line-height:1.5}
.QSIPopOverCloseButton{position:absolute;right:6px;top:4px;border:0;background:none;font-size:18px}.qsi-btns{display:flex;gap:8px}.qsi-btns button{flex:1;padding:9px;border-radius:4px;border:1px solid #00685e;background:#fff;color:#00685e}.qsi-yes{background:#00685e!important;color:#fff!important}''',
 script=inject(qs, 250),
 remove=[('.QSIPopOver', U)])

# P7 registration nag ru, body position fixed
add(slug='site-regwall', vendor='site', lang='ru', k=U, kind='registration nag: fixed gradient soft-wall over the lower page with a sign-up box, body position:fixed',
 source='written for this set',
 body_attrs='style="position:fixed;width:100%;overflow:hidden"',
 css='''#regwall{position:fixed;left:0;right:0;bottom:0;height:62vh;z-index:5000;background:linear-gradient(to bottom,rgba(255,255,255,0),#fff 30%);display:flex;align-items:flex-end;justify-content:center;padding-bottom:40px;box-sizing:border-box}
.regwall-box{background:#fff;border:1px solid #ddd;box-shadow:0 2px 18px rgba(0,0,0,.15);border-radius:8px;width:520px;padding:26px;text-align:center;font-size:15px}.regwall-box a.btn{display:inline-block;background:#2b7de9;color:#fff;padding:11px 30px;border-radius:4px;text-decoration:none;margin:6px}''',
 after='''<div id="regwall" role="dialog" aria-labelledby="regwall-t"><div class="regwall-box"><h3 id="regwall-t">Зарегистрируйтесь, чтобы читать дальше</h3><p>Вы прочитали 3 бесплатные статьи в этом месяце. Создайте бесплатный аккаунт, чтобы получить неограниченный доступ к новостям района.</p><a class="btn" href="#">Зарегистрироваться</a><a class="btn" href="#" style="background:#eee;color:#333">Войти</a></div></div>''',
 remove=[('#regwall', U)])

# P8 spin-to-win id
spin = '''<div id="wheelio-spin-popup" class="spin2win-overlay" role="dialog" aria-modal="true" aria-labelledby="s2w-title"><div class="s2w-box"><div class="s2w-wheel" aria-hidden="true"></div><div class="s2w-form">
<button class="s2w-close" type="button" aria-label="Tutup">×</button><h2 id="s2w-title">Putar roda, menangkan hadiah!</h2><p>Masukkan email Anda untuk memutar roda keberuntungan. Hadiah: diskon hingga 30%, ongkir gratis, atau buku gratis.</p>
<input type="email" placeholder="Alamat email" aria-label="Email"><button type="button" class="s2w-spin">PUTAR SEKARANG</button><p class="s2w-no">Tidak, saya tidak suka hadiah</p></div></div></div>'''
add(slug='site-spin2win', vendor='site', lang='id', k=U, kind='spin-to-win coupon popup (Wheelio-like), full overlay, fades in 200 ms after load, html overflow hidden',
 source='written for this set (spin-to-win pattern)',
 css='''#wheelio-spin-popup{position:fixed;inset:0;z-index:99999;background:rgba(40,0,60,.75);display:flex;align-items:center;justify-content:center;animation:s2f .5s}@keyframes s2f{from{opacity:0}to{opacity:1}}
.s2w-box{display:flex;gap:30px;align-items:center;background:#fff;border-radius:12px;padding:30px;width:820px}.s2w-wheel{width:320px;height:320px;border-radius:50%;background:conic-gradient(#f94144 0 45deg,#f3722c 0 90deg,#f8961e 0 135deg,#f9c74f 0 180deg,#90be6d 0 225deg,#43aa8b 0 270deg,#577590 0 315deg,#9b5de5 0);flex-shrink:0;border:8px solid #333}
.s2w-form{position:relative;font-size:15px}.s2w-close{position:absolute;right:-10px;top:-20px;border:0;background:none;font-size:26px}.s2w-form input{width:95%;padding:11px;margin:8px 0}.s2w-spin{width:100%;background:#9b5de5;color:#fff;border:0;padding:13px;font-weight:bold;border-radius:6px}.s2w-no{font-size:12px;color:#888}''',
 script=inject(spin, 200, "document.documentElement.style.overflow='hidden';"),
 remove=[('#wheelio-spin-popup', U)])

# P9 logged-out marketing interstitial el: bootstrap modal + separate backdrop
add(slug='site-loggedout-modal', vendor='site', lang='el', k=U, kind='"you have been logged out" marketing interstitial: Bootstrap-style .modal + SEPARATE .modal-backdrop, body.modal-open',
 source='written for this set (Bootstrap 4/5 modal markup pattern)',
 body_attrs='class="modal-open" style="overflow:hidden"',
 css='''.modal-backdrop{position:fixed;inset:0;background:#000;opacity:.5;z-index:1040}.modal{position:fixed;inset:0;z-index:1050;display:block;overflow:auto}
.modal-dialog{width:500px;margin:120px auto}.modal-content{background:#fff;border-radius:6px;padding:0;font-size:15px;line-height:1.5}.modal-header,.modal-body,.modal-footer{padding:16px 22px}.modal-header{display:flex;justify-content:space-between;border-bottom:1px solid #eee}
.modal-footer{display:flex;gap:8px;justify-content:flex-end;border-top:1px solid #eee}.btn{padding:9px 16px;border-radius:4px;border:0}.btn-primary{background:#6f42c1;color:#fff}.btn-light{background:#eee}.close{border:0;background:none;font-size:22px}''',
 after='''<div class="modal fade show" id="sessionExpiredModal" tabindex="-1" role="dialog" aria-modal="true" aria-labelledby="sessionExpiredLabel" style="display:block"><div class="modal-dialog modal-dialog-centered" role="document"><div class="modal-content">
<div class="modal-header"><h5 class="modal-title" id="sessionExpiredLabel">Έχετε αποσυνδεθεί</h5><button type="button" class="close" data-dismiss="modal" aria-label="Κλείσιμο">×</button></div>
<div class="modal-body"><p>Η συνεδρία σας έληξε. Συνδεθείτε ξανά για να συνεχίσετε — και δοκιμάστε το <strong>Premium δωρεάν για 30 ημέρες</strong>: χωρίς διαφημίσεις, με απεριόριστα άρθρα και αποκλειστικά newsletters.</p></div>
<div class="modal-footer"><button type="button" class="btn btn-light">Όχι τώρα</button><button type="button" class="btn btn-primary">Σύνδεση και δωρεάν δοκιμή</button></div></div></div></div><div class="modal-backdrop fade show"></div>''',
 remove=[('#sessionExpiredModal', U), ('.modal-backdrop', U)])

# P10 Admiral-style adblock nag hu (random classes, no ids)
adm = '''<div class="aQEGZrUqlN" role="dialog" aria-modal="true"><div class="b7VtkpQ2"><div class="c2WsLm0">Úgy tűnik, hirdetésblokkolót használsz</div><p>A Városi Hírek ingyenes, mert a hirdetések fenntartják. Kérjük, engedélyezd a hirdetéseket ezen az oldalon, vagy támogass minket egy havi előfizetéssel.</p>
<div class="d9HqQx"><button type="button" class="e1PtZr">Hirdetések engedélyezése</button><button type="button" class="f0KsWy">Előfizetés</button></div><span class="g3JmVn" role="button" tabindex="0">Folytatás hirdetések nélkül</span></div></div>'''
add(slug='admiral-adblock', vendor='admiral', lang='hu', k=U, kind='adblock-detected nag (Admiral-style, obfuscated random class names, no ids), full overlay, inserted 450 ms after load',
 source='written for this set after the general shape of Admiral adblock-recovery modals (obfuscated class names); not a copy of vendor code',
 css='''.aQEGZrUqlN{position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.8);display:flex;align-items:center;justify-content:center}.b7VtkpQ2{background:#fff;width:520px;border-radius:10px;padding:32px;text-align:center;font-size:15px;line-height:1.5}
.c2WsLm0{font-size:21px;font-weight:bold}.d9HqQx{display:flex;gap:10px;margin:16px 0}.d9HqQx button{flex:1;padding:12px;border-radius:6px;border:0;font-weight:bold}.e1PtZr{background:#0b6e4f;color:#fff}.f0KsWy{background:#f0f0f0}.g3JmVn{font-size:12px;color:#999;text-decoration:underline}''',
 script=inject(adm, 450),
 remove=[('div.aQEGZrUqlN', U)])

# P11 Mailchimp uk: .mc-modal (iframe srcdoc) + separate .mc-modal-bg
mc_form = '<!doctype html><html lang="uk"><head><meta charset="utf-8"><style>body{margin:0;font:15px/1.5 sans-serif;padding:26px;color:#222}h2{margin:0 0 8px}input{width:95%;padding:10px;margin:6px 0}button{width:100%;padding:12px;background:#007c89;color:#fff;border:0;font-weight:bold}</style></head><body><h2>Підпишіться на розсилку</h2><p>Найважливіші новини міста щоп’ятниці у вашій поштовій скриньці. Без спаму.</p><form><input type="email" placeholder="Електронна пошта" aria-label="Електронна пошта"><button type="button">Підписатися</button></form></body></html>'
add(slug='mailchimp-popup', vendor='mailchimp', lang='uk', k=U, kind='Mailchimp classic pop-up signup: .mc-modal holding an <iframe srcdoc> + SEPARATE .mc-modal-bg backdrop',
 source='written for this set after Mailchimp\'s classic "popup signup form" embed (div.mc-modal with iframe + a.mc-closeModal, sibling div.mc-modal-bg)',
 css='''.mc-modal-bg{position:fixed;inset:0;background:rgba(0,0,0,.6);z-index:9998}.mc-modal{position:fixed;top:90px;left:50%;transform:translateX(-50%);width:480px;height:330px;background:#fff;z-index:9999;box-shadow:0 0 20px rgba(0,0,0,.4)}
.mc-modal iframe{width:100%;height:100%;border:0}.mc-closeModal{position:absolute;top:-14px;right:-14px;width:30px;height:30px;border-radius:50%;background:#000;color:#fff;text-align:center;line-height:30px;text-decoration:none}''',
 after='<div class="mc-modal" style="display:block"><iframe title="Форма підписки" frameborder="0" srcdoc="%s"></iframe><a class="mc-closeModal" href="#" aria-label="Закрити">×</a></div><div class="mc-modal-bg" style="display:block"></div>' % srcdoc(mc_form),
 remove=[('.mc-modal', U), ('.mc-modal-bg', U)])

# P12 Branch smart banner hi: absolute iframe at top, pushes body down
br = '<!doctype html><html lang="hi"><head><meta charset="utf-8"><style>body{margin:0;font:14px sans-serif;background:#fafafa;height:76px;display:flex;align-items:center;gap:14px;padding:0 20px;border-bottom:1px solid #ddd;box-sizing:border-box}.ic{width:48px;height:48px;border-radius:10px;background:#ff6f00;color:#fff;font:bold 20px/48px sans-serif;text-align:center}.t{flex:1}.b{background:#ff6f00;color:#fff;padding:9px 18px;border-radius:4px;text-decoration:none}.x{color:#999;text-decoration:none;font-size:20px}</style></head><body><a class="x" href="#" aria-label="बंद करें">×</a><div class="ic">न</div><div class="t"><b>नगर समाचार ऐप</b><br>ताज़ा ख़बरें, तेज़ और मुफ़्त</div><a class="b" href="#">ऐप में खोलें</a></body></html>'
add(slug='branch-smartbanner', vendor='branch', lang='hi', k=U, kind='Branch Journeys "open in app" smart banner: iframe#branch-banner-iframe absolutely positioned at top, body pushed down (margin-top)',
 source='written for this set after Branch.io Journeys banner (iframe#branch-banner-iframe.branch-banner-is-active, body class branch-banner-is-active with margin-top)',
 body_attrs='class="branch-banner-is-active" style="margin-top:76px"',
 css='''#branch-banner-iframe{position:absolute;top:0;left:0;width:100%;height:76px;border:0;z-index:99999;box-shadow:0 1px 3px rgba(0,0,0,.15)}''',
 before='<iframe id="branch-banner-iframe" class="branch-banner-is-active branch-animation" title="ऐप बैनर" scrolling="no" srcdoc="%s"></iframe>' % srcdoc(br),
 remove=[('#branch-banner-iframe', U)])
