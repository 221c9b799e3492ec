from base import *
C='cookieBanners'
# 1 Didomi popup ja (script-inserted)
didomi = '''<div id="didomi-host" data-nosnippet="true" aria-hidden="false" class="didomi-host didomi-host-ja">
<div class="didomi-popup-backdrop didomi-notice-popup didomi-popup__backdrop">
<div class="didomi-popup-container didomi-popup-notice didomi-popup-notice-with-data-processing">
<div id="didomi-notice" class="didomi-popup__dialog" role="dialog" aria-modal="true" aria-labelledby="didomi-notice-title" aria-describedby="didomi-notice-text">
<div class="didomi-popup-notice-logo-container"><span class="didomi-popup-notice-logo">まちのニュース</span></div>
<h1 id="didomi-notice-title" class="didomi-popup-notice-title" role="heading">お客様のプライバシーは私たちにとって重要です</h1>
<div class="didomi-popup-notice-text" id="didomi-notice-text"><p>当サイトと<a class="didomi-vendors-link" href="#">パートナー（ベンダー 842 社）</a>は、端末上の情報の保存やアクセス、パーソナライズされた広告やコンテンツ、広告とコンテンツの測定、オーディエンスの分析、サービスの開発のために Cookie などの技術を使用します。「同意する」をクリックすると、これらの目的での処理に同意したことになります。設定はフッターの「プライバシー設定」からいつでも変更できます。</p></div>
<div class="didomi-popup-notice-buttons didomi-buttons">
<button id="didomi-notice-learn-more-button" class="didomi-components-button didomi-button didomi-button-standard standard-button" type="button"><span>設定を管理</span></button>
<button id="didomi-notice-disagree-button" class="didomi-components-button didomi-button didomi-button-standard standard-button" type="button"><span>同意しない</span></button>
<button id="didomi-notice-agree-button" class="didomi-components-button didomi-button didomi-dismiss-button didomi-components-button--color didomi-button-highlight highlight-button" type="button"><span>同意する</span></button>
</div></div></div></div></div>'''
add(slug='didomi-popup', vendor='didomi', lang='ja', k=C, kind='didomi-popup (centre modal, inserted 200 ms after load, body.didomi-popup-open scroll lock)',
 source='snapshot written for this set from the DOM Didomi renders (ids/classes as in Didomi web SDK notices: #didomi-host, .didomi-popup-backdrop, #didomi-notice, #didomi-notice-agree-button)',
 css='''.didomi-popup-open{overflow:hidden!important}
.didomi-popup-backdrop{position:fixed;inset:0;background:rgba(0,0,0,.55);z-index:2147483641;display:flex;align-items:center;justify-content:center}
#didomi-notice{background:#fff;max-width:600px;padding:28px 32px;border-radius:8px;font-size:15px;line-height:1.6;color:#222;box-shadow:0 8px 30px rgba(0,0,0,.3)}
.didomi-popup-notice-logo{font-weight:bold;color:#c4151c}.didomi-popup-notice-title{font-size:20px;margin:12px 0}
.didomi-popup-notice-buttons{display:flex;gap:10px;justify-content:flex-end;margin-top:18px}
.didomi-components-button{border:1px solid #05687b;background:#fff;color:#05687b;padding:10px 18px;border-radius:4px;font-size:14px}
.didomi-button-highlight{background:#05687b;color:#fff}''',
 script=inject(didomi, 200, "document.body.classList.add('didomi-popup-open');"),
 remove=[('#didomi-host .didomi-popup-backdrop', C)])

# 2 Sourcepoint ru (container + iframe to local page)
add(slug='sourcepoint-iframe', vendor='sourcepoint', lang='ru', k=C, kind='sourcepoint message container with iframe (local page), html.sp-message-open scroll lock',
 source='snapshot written for this set after the DOM Sourcepoint renders (div#sp_message_container_<id>.sp_message_container > iframe#sp_message_iframe_<id> title="SP Consent Message", html.sp-message-open); iframe content written for this set (assets/sp-message-ru.html)',
 html_attrs='class="sp-message-open"',
 css='''html.sp-message-open{overflow:hidden!important}
#sp_message_container_812345{position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center}
#sp_message_iframe_812345{width:640px;height:430px;border:0;border-radius:6px;background:#fff}''',
 after='''<div id="sp_message_container_812345" class="sp_message_container "><iframe id="sp_message_iframe_812345" src="assets/sp-message-ru.html" title="SP Consent Message" style="display:block"></iframe></div>''',
 remove=[('#sp_message_container_812345', C)])

# 3 Quantcast Choice tr
add(slug='quantcast-choice', vendor='quantcast', lang='tr', k=C, kind='Quantcast Choice (TCF v2) modal with dim, fades in',
 source='snapshot written for this set after the DOM Quantcast Choice renders (#qc-cmp2-container > .qc-cmp2-main > .qc-cmp-cleanslate > #qc-cmp2-ui, .qc-cmp2-summary-buttons)',
 css='''.qc-cmp-cleanslate{position:fixed;inset:0;z-index:2147483647;background:rgba(33,41,52,.66);display:flex;align-items:center;justify-content:center;animation:qcf .4s ease-in}
@keyframes qcf{from{opacity:0}to{opacity:1}}
#qc-cmp2-ui{background:#fff;width:620px;max-height:80vh;border-radius:5px;box-shadow:0 0 20px rgba(0,0,0,.4);font-size:14px;line-height:1.55;color:#212121}
.qc-cmp2-summary-section{padding:24px 30px 10px}.qc-cmp2-header-text{font-size:19px;margin:0 0 10px}
.qc-cmp2-footer{border-top:1px solid #d8d8d8;padding:14px 30px}.qc-cmp2-summary-buttons{display:flex;gap:8px;justify-content:flex-end}
.qc-cmp2-summary-buttons button{font-weight:600;border-radius:4px;padding:11px 18px;border:1px solid #206dc5;background:#fff;color:#206dc5}
.qc-cmp2-summary-buttons button[mode=primary]{background:#206dc5;color:#fff}''',
 after='''<div id="qc-cmp2-container" data-nosnippet=""><div class="qc-cmp2-main"><div class="qc-cmp-cleanslate css-1hkbfpz" role="region" aria-label="Gizlilik">
<div id="qc-cmp2-ui" role="dialog" aria-label="qc-cmp2-ui" aria-modal="true" tabindex="0" class="css-47sehv">
<div class="qc-cmp2-consent-info"><div class="qc-cmp2-summary-section"><h2 class="qc-cmp2-header-text">Gizliliğinize değer veriyoruz</h2>
<div class="qc-cmp2-summary-info"><p>Biz ve <a href="#">ortaklarımız</a>, çerezler gibi cihazdaki bilgileri depolar ve bunlara erişir; kişiselleştirilmiş reklam ve içerik, reklam ve içerik ölçümü, hedef kitle araştırması ve hizmet geliştirme amacıyla benzersiz tanımlayıcılar ve tarama verileri gibi kişisel verileri işleriz. Tercihlerinizi yönetmek için aşağıya tıklayabilir veya meşru menfaate dayalı işlemelere itiraz edebilirsiniz.</p>
<p>Seçimleriniz bu sitede geçerli olacak ve sayfanın altındaki «Gizlilik Ayarları» bağlantısından istediğiniz zaman değiştirilebilir.</p></div></div></div>
<div class="qc-cmp2-footer qc-cmp2-footer-overlay qc-cmp2-footer-scrolled"><div class="qc-cmp2-summary-buttons">
<button mode="link" size="large" class=" css-1rnbd3z"><span>DAHA FAZLA SEÇENEK</span></button>
<button mode="secondary" size="large" class=" css-1rnbd3z"><span>KABUL ETMİYORUM</span></button>
<button mode="primary" size="large" class=" css-1nt5u3w"><span>KABUL EDİYORUM</span></button></div></div></div></div></div></div>''',
 remove=[('#qc-cmp2-container .qc-cmp-cleanslate', C)])

# 4 Usercentrics shadow DOM hu
uc_shadow = '''<style>:host{all:initial;position:fixed;left:0;right:0;bottom:0;z-index:2147483647;display:block;font-family:sans-serif}
#uc-center-container{background:#fff;box-shadow:0 -4px 16px rgba(0,0,0,.2);padding:20px 40px;display:flex;gap:30px;align-items:center;color:#303030;font-size:14px;line-height:1.5}
h2{font-size:17px;margin:0 0 6px}.btns{display:flex;flex-direction:column;gap:8px;min-width:220px}
button{border:0;border-radius:4px;padding:11px;font-weight:600;font-size:14px;background:#f5f5f5;color:#1e1e1e}
button[data-testid=uc-accept-all-button]{background:#0045a5;color:#fff}</style>
<div data-testid="uc-app-container" class="sc-dcJsrY"><div id="uc-center-container" role="dialog" aria-modal="false" aria-labelledby="uc-heading-title">
<div><h2 id="uc-heading-title">Ez a weboldal sütiket használ</h2><div id="uc-message-text" data-testid="uc-message-container">Sütiket és hasonló technológiákat használunk a tartalom személyre szabásához, a közösségi funkciók biztosításához és a forgalom elemzéséhez. Az adatokat megosztjuk közösségimédia-, hirdetési és elemzési partnereinkkel. A hozzájárulását bármikor visszavonhatja a láblécben található „Adatvédelmi beállítások” hivatkozással.</div></div>
<div class="btns"><button data-testid="uc-accept-all-button" role="button">Összes elfogadása</button><button data-testid="uc-deny-all-button" role="button">Elutasítás</button><button data-testid="uc-more-button" role="button">Beállítások</button></div></div></div>'''
add(slug='usercentrics-shadow', vendor='usercentrics', lang='hu', k=C, kind='Usercentrics CMP v2 bottom banner in open shadow root of #usercentrics-root, inserted 150 ms after load',
 source='snapshot written for this set after Usercentrics CMP v2 (host div#usercentrics-root with open shadow root, data-testid uc-accept-all-button / uc-deny-all-button / uc-more-button); host given position:fixed via :host so it has a box',
 script="<script>window.addEventListener('load',function(){setTimeout(function(){var h=document.createElement('div');h.id='usercentrics-root';h.setAttribute('data-created-at',String(Date.now()));document.body.appendChild(h);h.attachShadow({mode:'open'}).innerHTML=%s;},150)});</script>" % js(uc_shadow),
 remove=[('#usercentrics-root', C)])

# 5 TrustArc pt-BR bottom black bar
add(slug='trustarc-blackbar', vendor='trustarc', lang='pt-BR', k=C, kind='TrustArc consent black bar, fixed bottom, in HTML',
 source='snapshot written for this set after TrustArc\'s "black bar" banner (#consent_blackbar > #truste-consent-track, #truste-consent-button, #truste-consent-required, #truste-show-consent)',
 css='''#consent_blackbar{position:fixed;bottom:0;left:0;width:100%;z-index:9999999}
#truste-consent-track{background:#161616;color:#eee;padding:18px 40px;display:flex;gap:24px;align-items:center;font-size:14px;line-height:1.5}
#truste-consent-buttons{display:flex;gap:8px;flex-shrink:0}#truste-consent-buttons button{padding:9px 16px;border:1px solid #fff;background:transparent;color:#fff;border-radius:2px}
#truste-consent-button{background:#0aa04a!important;border-color:#0aa04a!important}''',
 after='''<div id="consent_blackbar"><div id="truste-consent-track" style="overflow:hidden" role="alertdialog" aria-labelledby="truste-consent-text">
<div id="truste-consent-content"><div id="truste-consent-text">Usamos cookies e tecnologias semelhantes para melhorar sua experiência, analisar o tráfego e personalizar anúncios. Ao clicar em "Aceitar todos", você concorda com o uso de cookies conforme descrito em nossa <a href="#" id="truste-privacy-button">Política de Privacidade</a>. Você pode alterar suas preferências a qualquer momento.</div></div>
<div id="truste-consent-buttons"><button id="truste-consent-button" type="button" class="truste-button1">Aceitar todos</button><button id="truste-consent-required" type="button" class="truste-button2">Somente necessários</button><button id="truste-show-consent" type="button" class="truste-button3">Preferências de cookies</button></div></div></div>''',
 remove=[('#consent_blackbar', C)])

# 6 iubenda el slide-in bottom
add(slug='iubenda-banner', vendor='iubenda', lang='el', k=C, kind='iubenda Cookie Solution bottom banner, slides up, with ×',
 source='snapshot written for this set after the iubenda Cookie Solution banner markup (#iubenda-cs-banner.iubenda-cs-default.iubenda-cs-bottom, .iubenda-cs-accept-btn, .iubenda-cs-reject-btn, .iubenda-cs-customize-btn, .iubenda-cs-close-btn)',
 css='''#iubenda-cs-banner{position:fixed;left:0;right:0;bottom:0;z-index:99999998;animation:iubup .45s ease-out;font-size:14px;line-height:1.5}
@keyframes iubup{from{transform:translateY(100%)}to{transform:none}}
.iubenda-cs-container{background:#0073CE;color:#fff;padding:18px 60px 18px 40px;position:relative}
.iubenda-cs-close-btn{position:absolute;top:10px;right:16px;background:none;border:0;color:#fff;font-size:22px}
#iubenda-cs-title{font-weight:bold;font-size:16px;margin-bottom:4px}.iubenda-cs-opt-group{display:flex;justify-content:space-between;margin-top:12px}
.iubenda-cs-opt-group button{border-radius:64px;padding:9px 20px;border:0;font-weight:bold;background:#fff;color:#0073CE;margin-left:8px}
.iubenda-cs-customize-btn{background:rgba(255,255,255,.2)!important;color:#fff!important;margin-left:0!important}''',
 after='''<div id="iubenda-cs-banner" class="iubenda-cs-default iubenda-cs-bottom iubenda-cs-lowercase iubenda-cs-visible" role="alertdialog" aria-labelledby="iubenda-cs-title" aria-describedby="iubenda-cs-paragraph">
<div class="iubenda-cs-container"><div class="iubenda-cs-content"><div class="iubenda-cs-rationale">
<button type="button" class="iubenda-cs-close-btn" tabindex="0" role="button" aria-label="Κλείσιμο">×</button>
<div class="iubenda-banner-content" role="document"><div id="iubenda-cs-title">Ειδοποίηση</div>
<div id="iubenda-cs-paragraph"><p class="iub-p">Εμείς και επιλεγμένα τρίτα μέρη χρησιμοποιούμε cookies ή παρόμοιες τεχνολογίες για τεχνικούς σκοπούς και, με τη συγκατάθεσή σας, για μέτρηση και διαφήμιση όπως ορίζεται στην <a href="#" class="iubenda-cs-cookie-policy-lnk">πολιτική cookies</a>. Η άρνηση συγκατάθεσης ενδέχεται να καταστήσει μη διαθέσιμες τις σχετικές λειτουργίες.</p></div></div>
<div class="iubenda-cs-opt-group" role="group"><div class="iubenda-cs-opt-group-custom"><button class="iubenda-cs-customize-btn" type="button">Μάθετε περισσότερα και προσαρμόστε</button></div>
<div class="iubenda-cs-opt-group-consent"><button class="iubenda-cs-reject-btn iubenda-cs-btn-primary" type="button">Απόρριψη</button><button class="iubenda-cs-accept-btn iubenda-cs-btn-primary" type="button">Αποδοχή</button></div></div>
</div></div></div></div>''',
 remove=[('#iubenda-cs-banner', C)])

# 7 Complianz hr corner box (class toggled by script)
add(slug='complianz-corner', vendor='complianz', lang='hr', k=C, kind='Complianz (WordPress) bottom-right box, shown by script toggling .cmplz-show',
 source='snapshot written for this set after the Complianz GDPR/CCPA plugin banner template, github.com/Really-Simple-Plugins/complianz-gdpr cookiebanner/templates/cookiebanner.php (#cmplz-cookiebanner-container > .cmplz-cookiebanner.banner-1.optin.cmplz-bottom-right, .cmplz-accept/.cmplz-deny/.cmplz-view-preferences); plugin is GPL',
 css='''.cmplz-cookiebanner{position:fixed;right:24px;bottom:24px;width:400px;z-index:99999;background:#fff;border-radius:12px;box-shadow:0 0 12px rgba(0,0,0,.25);padding:18px 22px;font-size:13px;line-height:1.5;color:#222}
.cmplz-cookiebanner.cmplz-hidden{display:none}.cmplz-header{display:flex;justify-content:space-between;align-items:center}.cmplz-title{font-weight:bold;font-size:15px}
.cmplz-close{cursor:pointer;font-size:20px}.cmplz-buttons{display:flex;gap:8px;margin-top:12px}.cmplz-btn{flex:1;padding:9px 6px;border-radius:5px;border:1px solid #1e73be;background:#f9f9f9;color:#1e73be;font-size:13px}
.cmplz-accept{background:#1e73be!important;color:#fff!important}.cmplz-documents{display:flex;gap:14px;margin-top:10px}''',
 after='''<div id="cmplz-cookiebanner-container"><div class="cmplz-cookiebanner cmplz-hidden banner-1 bottom-right-view-preferences optin cmplz-bottom-right cmplz-categories-type-view-preferences" aria-modal="true" data-nosnippet="true" role="dialog" aria-live="polite" aria-labelledby="cmplz-header-1-optin" aria-describedby="cmplz-message-1-optin">
<div class="cmplz-header"><div class="cmplz-logo"></div><div class="cmplz-title" id="cmplz-header-1-optin">Upravljanje privolom za kolačiće</div><div class="cmplz-close" tabindex="0" role="button" aria-label="Zatvori dijalog">×</div></div>
<div class="cmplz-divider cmplz-divider-header"></div><div class="cmplz-body"><div class="cmplz-message" id="cmplz-message-1-optin">Kako bismo pružili najbolje iskustvo, koristimo tehnologije poput kolačića za spremanje i/ili pristup informacijama o uređaju. Pristanak na ove tehnologije omogućit će nam obradu podataka kao što su ponašanje pregledavanja ili jedinstveni ID-ovi na ovoj web-stranici.</div></div>
<div class="cmplz-buttons"><button class="cmplz-btn cmplz-accept">Prihvati</button><button class="cmplz-btn cmplz-deny">Odbij</button><button class="cmplz-btn cmplz-view-preferences">Prikaži postavke</button></div>
<div class="cmplz-links cmplz-documents"><a class="cmplz-link cookie-statement" href="#" data-relative_url="">Pravila o kolačićima</a> <a class="cmplz-link privacy-statement" href="#" data-relative_url="">Izjava o privatnosti</a></div></div></div>''',
 script="<script>window.addEventListener('load',function(){setTimeout(function(){var b=document.querySelector('.cmplz-cookiebanner');b.classList.remove('cmplz-hidden');b.classList.add('cmplz-show');},120)});</script>",
 remove=[('.cmplz-cookiebanner', C)])

# 8 CookieYes vi bottom-left box
add(slug='cookieyes-box', vendor='cookieyes', lang='vi', k=C, kind='CookieYes (cookie-law-info v3) box bottom-left, in HTML',
 source='snapshot written for this set after the CookieYes / "CookieYes GDPR Cookie Consent" (cookie-law-info 3.x) banner template (.cky-consent-container.cky-box-bottom-left > .cky-consent-bar, data-cky-tag attributes); plugin is GPL',
 css='''.cky-consent-container{position:fixed;left:40px;bottom:40px;width:440px;z-index:9999999;background:#fff;border:1px solid #f4f4f4;box-shadow:0 -1px 10px rgba(172,171,171,.3);border-radius:6px}
.cky-consent-bar{padding:24px;font-size:14px;line-height:1.6;color:#212121}.cky-title{font-weight:600;font-size:18px;margin:0 0 12px}
.cky-notice-btn-wrapper{display:flex;gap:8px;margin-top:14px}.cky-btn{flex:1;padding:8px 4px;border:2px solid #1863dc;background:transparent;color:#1863dc;border-radius:2px;font-weight:500;font-size:14px}
.cky-btn-accept{background:#1863dc;color:#fff}.cky-overlay.cky-hide{display:none}''',
 after='''<div class="cky-consent-container cky-box-bottom-left" tabindex="0"><div class="cky-consent-bar" data-cky-tag="notice"><div class="cky-notice">
<p class="cky-title" role="heading" aria-level="1" data-cky-tag="title">Chúng tôi trân trọng quyền riêng tư của bạn</p>
<div class="cky-notice-group"><div class="cky-notice-des" data-cky-tag="description"><p>Chúng tôi sử dụng cookie để nâng cao trải nghiệm duyệt web, hiển thị quảng cáo hoặc nội dung được cá nhân hóa và phân tích lưu lượng truy cập. Bằng cách nhấp vào "Chấp nhận tất cả", bạn đồng ý với việc chúng tôi sử dụng cookie.</p></div>
<div class="cky-notice-btn-wrapper" data-cky-tag="notice-buttons"><button class="cky-btn cky-btn-customize" aria-label="Tùy chỉnh" data-cky-tag="settings-button">Tùy chỉnh</button><button class="cky-btn cky-btn-reject" aria-label="Từ chối tất cả" data-cky-tag="reject-button">Từ chối tất cả</button><button class="cky-btn cky-btn-accept" aria-label="Chấp nhận tất cả" data-cky-tag="accept-button">Chấp nhận tất cả</button></div></div></div></div></div>
<div class="cky-overlay cky-hide"></div>''',
 remove=[('.cky-consent-container', C)])

# 9 Cookie Script ro top bar
add(slug='cookiescript-topbar', vendor='cookie-script', lang='ro', k=C, kind='Cookie-Script banner as fixed top bar, light',
 source='snapshot written for this set after Cookie-Script (cookie-script.com) injected banner (#cookiescript_injected_wrapper > #cookiescript_injected, #cookiescript_accept, #cookiescript_reject, #cookiescript_manage_wrap)',
 css='''#cookiescript_injected{position:fixed;top:0;left:0;right:0;z-index:999999;background:#fefefe;color:#4d4d4d;box-shadow:0 2px 10px rgba(0,0,0,.25);padding:14px 30px;display:flex;align-items:center;gap:20px;font-size:13px;line-height:1.5}
#cookiescript_header{font-weight:bold;font-size:15px;color:#111}#cookiescript_buttons{display:flex;gap:8px;flex-shrink:0}
#cookiescript_buttons div{padding:9px 16px;border-radius:3px;cursor:pointer;font-weight:600;text-transform:uppercase;font-size:12px}
#cookiescript_accept{background:#3ab54a;color:#fff}#cookiescript_reject{border:1px solid #777;color:#555}#cookiescript_close{position:absolute;right:8px;top:4px;cursor:pointer;font-size:18px}''',
 after='''<div id="cookiescript_injected_wrapper"><div id="cookiescript_injected" fill="#fff" data-nosnippet=""><div id="cookiescript_close" tabindex="0" role="button" aria-label="Închide">×</div>
<div id="cookiescript_wrapper"><div id="cookiescript_header">Acest site folosește cookie-uri</div><div id="cookiescript_description">Folosim cookie-uri pentru a îmbunătăți experiența utilizatorilor. Prin utilizarea site-ului nostru, sunteți de acord cu toate cookie-urile, în conformitate cu <a href="#" id="cookiescript_readmore">Politica noastră de cookie-uri</a>.</div></div>
<div id="cookiescript_buttons"><div id="cookiescript_accept" tabindex="0" role="button">Accept tot</div><div id="cookiescript_reject" tabindex="0" role="button">Refuz tot</div><div id="cookiescript_manage_wrap" tabindex="0" role="button"><span id="cookiescript_manage">Setări</span></div></div></div></div>''',
 remove=[('#cookiescript_injected', C)])

# 10 consentmanager sk: separate backdrop #cmpbox2
cmp = '''<div id="cmpbox2" class="cmpstyleroot cmpbox2" style="display:block"></div><div id="cmpbox" class="cmpbox cmpstyleroot cmpBoxCenter cmpfadeIn" role="dialog" aria-modal="true" aria-labelledby="cmpboxhead" style="display:block">
<div class="cmpboxinner"><div class="cmpboxhead" id="cmpboxhead">Vaše súkromie je pre nás dôležité</div><div class="cmpboxtxt cmptxt_txt">Na našej stránke používame súbory cookie a podobné technológie na prispôsobenie obsahu a reklám, poskytovanie funkcií sociálnych médií a analýzu návštevnosti. Kliknutím na „Prijať všetko“ súhlasíte s ich používaním. Svoj súhlas môžete kedykoľvek odvolať.</div>
<div class="cmpboxbtns"><a class="cmpboxbtn cmpboxbtnyes cmptxt_btn_yes" role="button" href="#">Prijať všetko</a><a class="cmpboxbtn cmpboxbtnno cmptxt_btn_no" role="button" href="#">Odmietnuť</a><a class="cmpboxbtn cmpboxbtncustom cmptxt_btn_custom" role="button" href="#">Nastavenia</a></div></div></div>'''
add(slug='consentmanager-center', vendor='consentmanager', lang='sk', k=C, kind='consentmanager.net centre box with SEPARATE backdrop sibling #cmpbox2, inserted 250 ms after load',
 source='snapshot written for this set after consentmanager.net CMP layer (#cmpbox.cmpbox.cmpstyleroot, backdrop #cmpbox2, .cmpboxbtnyes/.cmpboxbtnno)',
 css='''#cmpbox2{position:fixed;inset:0;background:rgba(0,0,0,.45);z-index:2147483638}
#cmpbox{position:fixed;top:50%;left:50%;transform:translate(-50%,-50%);width:560px;z-index:2147483639;background:#fff;border-radius:4px;padding:26px;font-size:14px;line-height:1.55;color:#333;animation:cmpf .3s}
@keyframes cmpf{from{opacity:0}to{opacity:1}}.cmpboxhead{font-size:19px;font-weight:bold;margin-bottom:10px}
.cmpboxbtns{display:flex;gap:8px;margin-top:16px}.cmpboxbtn{padding:10px 16px;border-radius:4px;text-decoration:none;background:#eee;color:#333}.cmpboxbtnyes{background:#48a648;color:#fff}''',
 script=inject(cmp, 250),
 remove=[('#cmpbox', C), ('#cmpbox2', C)])

# 11 Google Funding Choices id
add(slug='fundingchoices-modal', vendor='google-funding-choices', lang='id', k=C, kind='Google Funding Choices (Privacy & messaging) consent dialog, body overflow hidden',
 source='snapshot written for this set after the Funding Choices consent message DOM (.fc-consent-root > .fc-dialog-overlay + .fc-dialog-container > .fc-dialog.fc-choice-dialog, .fc-cta-consent, .fc-cta-manage-options)',
 body_attrs='style="overflow:hidden"',
 css='''.fc-consent-root{position:fixed;inset:0;z-index:2147483646}.fc-dialog-overlay{position:fixed;inset:0;background:rgba(0,0,0,.4)}
.fc-dialog-container{position:fixed;inset:0;display:flex;align-items:center;justify-content:center}
.fc-dialog{background:#fff;border-radius:8px;width:560px;padding:24px 28px;box-shadow:0 4px 20px rgba(0,0,0,.3);font-family:Roboto,Arial,sans-serif;color:#1f1f1f}
.fc-dialog-headline-text{font-size:20px;font-weight:500;margin:8px 0 12px;text-align:center}.fc-dialog-body-text{font-size:14px;line-height:1.55}
.fc-footer-buttons{display:flex;flex-direction:column;gap:8px;margin-top:16px}.fc-button{border-radius:4px;border:1px solid #dadce0;background:#fff;padding:8px;color:#1a73e8}
.fc-button-label{margin:0;font-weight:500}.fc-primary-button{background:#1a73e8;color:#fff;border-color:#1a73e8}''',
 after='''<div class="fc-consent-root"><div class="fc-dialog-overlay"></div><div class="fc-dialog-container" tabindex="0" aria-label="Dialog persetujuan">
<div class="fc-dialog fc-choice-dialog" role="dialog" aria-modal="true"><div class="fc-dialog-scrollable-content"><div class="fc-dialog-headline"><h1 class="fc-dialog-headline-text">Kabar Kota meminta izin Anda untuk menggunakan data pribadi Anda untuk:</h1></div>
<div class="fc-dialog-content"><p class="fc-dialog-body-text">Iklan dan konten yang dipersonalisasi, pengukuran iklan dan konten, riset audiens, dan pengembangan layanan. Menyimpan dan/atau mengakses informasi di perangkat.</p>
<p class="fc-dialog-body-text">Data pribadi Anda akan diproses dan informasi dari perangkat Anda (cookie, pengenal unik, dan data perangkat lainnya) dapat disimpan, diakses, dan dibagikan dengan 134 vendor TCF dan 64 mitra iklan. Anda dapat mengubah pilihan kapan saja melalui tautan Privasi di situs ini.</p></div></div>
<div class="fc-footer-buttons-container"><div class="fc-footer-buttons"><button class="fc-button fc-cta-consent fc-primary-button" role="button" aria-label="Setuju"><p class="fc-button-label">Setuju</p></button><button class="fc-button fc-cta-manage-options fc-secondary-button" role="button" aria-label="Kelola opsi"><p class="fc-button-label">Kelola opsi</p></button></div></div></div></div></div>''',
 remove=[('.fc-consent-root', C)])

# 12 Axeptio fi fade-in card
ax = '''<div id="axeptio_overlay" class="axeptio_mount"><div class="axeptio_widget" role="dialog" aria-labelledby="axeptio_title"><div class="axeptio_cookie">🍪</div>
<h2 id="axeptio_title">Tämä sivusto käyttää evästeitä</h2><p>Hei! Käytämme evästeitä sivuston toiminnan varmistamiseen, kävijämäärien mittaamiseen ja sisällön parantamiseen. Valitse itse, mitkä evästeet hyväksyt.</p>
<div class="axeptio_btns"><button id="axeptio_btn_dismiss" type="button">Ei kiitos</button><button id="axeptio_btn_configure" type="button">Valitsen itse</button><button id="axeptio_btn_acceptAll" type="button">Sopii minulle</button></div>
<div class="axeptio_powered">Suostumuksenhallinta</div></div></div>'''
add(slug='axeptio-card', vendor='axeptio', lang='fi', k=C, kind='Axeptio widget card bottom-left, inserted 250 ms after load, fades in',
 source='snapshot written for this set after the Axeptio widget (mount div#axeptio_overlay.axeptio_mount, buttons #axeptio_btn_dismiss / #axeptio_btn_configure / #axeptio_btn_acceptAll); visual approximate',
 css='''#axeptio_overlay{position:fixed;left:20px;bottom:20px;z-index:2147483647;width:380px;animation:axf .5s ease-out}@keyframes axf{from{opacity:0;transform:translateY(20px)}to{opacity:1}}
.axeptio_widget{background:#fffbf0;border-radius:16px;box-shadow:0 6px 24px rgba(0,0,0,.2);padding:22px;font-size:14px;line-height:1.5;color:#222}
.axeptio_cookie{font-size:30px}.axeptio_widget h2{font-size:18px;margin:6px 0}.axeptio_btns{display:flex;gap:6px;margin-top:10px}
.axeptio_btns button{flex:1;border:0;border-radius:20px;padding:9px 4px;background:#f0e8d0;font-weight:bold}#axeptio_btn_acceptAll{background:#ffcc00}.axeptio_powered{font-size:11px;color:#999;margin-top:10px;text-align:right}''',
 script=inject(ax, 250),
 remove=[('#axeptio_overlay', C)])

# 13 Sirdata ar RTL wall
add(slug='sirdata-wall', vendor='sirdata', lang='ar', k=C, kind='Sirdata CMP full-viewport wall with centred dialog, RTL, html overflow hidden',
 source='snapshot written for this set after the Sirdata CMP container (#sd-cmp with generated sd-cmp-* classes); class names approximate',
 html_style='overflow:hidden',
 css='''#sd-cmp{position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,40,.72);display:flex;align-items:center;justify-content:center}
.sd-cmp-3cRQ2{background:#fff;width:620px;border-radius:10px;padding:28px;font-size:15px;line-height:1.7;color:#202020;text-align:right}
.sd-cmp-1jBhj{font-size:20px;font-weight:bold;margin:0 0 10px}.sd-cmp-2F2mh{display:flex;gap:10px;margin-top:18px}
.sd-cmp-2F2mh button{flex:1;padding:11px;border-radius:6px;border:1px solid #1b55a3;background:#fff;color:#1b55a3;font-size:15px}.sd-cmp-2F2mh .sd-cmp-25XYN{background:#1b55a3;color:#fff}''',
 after='''<div id="sd-cmp" class="sd-cmp-2QXrk" dir="rtl"><div class="sd-cmp-3cRQ2" role="dialog" aria-modal="true" aria-labelledby="sd-cmp-title">
<h2 class="sd-cmp-1jBhj" id="sd-cmp-title">نحن نحترم خصوصيتك</h2>
<p>نستخدم نحن وشركاؤنا ملفات تعريف الارتباط وتقنيات مشابهة لتخزين المعلومات على جهازك والوصول إليها، ولعرض إعلانات ومحتوى مخصص، وقياس أداء الإعلانات والمحتوى، وتطوير خدماتنا.</p>
<p>يمكنك قبول جميع الأغراض أو رفضها أو تخصيص اختياراتك. يمكنك تغيير رأيك في أي وقت من خلال رابط «إعدادات الخصوصية» أسفل الصفحة.</p>
<div class="sd-cmp-2F2mh"><button class="sd-cmp-25XYN" type="button">قبول الكل</button><button type="button">رفض الكل</button><button type="button">تخصيص</button></div></div></div>''',
 remove=[('#sd-cmp', C)])

# 14 Commanders Act he: bar + separate overlay
add(slug='commandersact-bar', vendor='commanders-act', lang='he', k=C, kind='Commanders Act TrustCommander bottom bar + SEPARATE dim overlay #tc_priv_CustomOverlay, RTL',
 source='snapshot written for this set after Commanders Act TrustCommander privacy banner (#footer_tc_privacy, #footer_tc_privacy_container_text, #footer_tc_privacy_button, overlay #tc_priv_CustomOverlay)',
 css='''#tc_priv_CustomOverlay{position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:2147483644}
#footer_tc_privacy{position:fixed;bottom:0;left:0;right:0;z-index:2147483645;background:#1d2a44;color:#fff;padding:22px 50px;display:flex;align-items:center;gap:30px;font-size:15px;line-height:1.6}
#footer_tc_privacy_container_button{display:flex;gap:10px;flex-shrink:0}#footer_tc_privacy_container_button button{padding:10px 20px;border:1px solid #fff;background:none;color:#fff;border-radius:3px;font-size:14px}
#footer_tc_privacy_button{background:#f5b400!important;color:#1d2a44!important;border-color:#f5b400!important}''',
 after='''<div id="tc_priv_CustomOverlay"></div><div id="footer_tc_privacy" class="footer_tc_privacy" role="dialog" aria-labelledby="footer_tc_privacy_container_text" aria-modal="true" dir="rtl">
<div id="footer_tc_privacy_container_text">אנו משתמשים בעוגיות (קובצי Cookie) כדי לשפר את חוויית הגלישה שלך, להציג תוכן ופרסומות מותאמים אישית ולנתח את התנועה באתר. בלחיצה על «אישור» את/ה מסכים/ה לשימוש בעוגיות. ניתן לשנות את ההגדרות בכל עת.</div>
<div id="footer_tc_privacy_container_button"><button id="footer_tc_privacy_button" class="tc-privacy-button" type="button">אישור</button><button id="footer_tc_privacy_button_2" class="tc-privacy-button" type="button">דחייה</button><button id="footer_tc_privacy_button_3" class="tc-privacy-button" type="button">הגדרות</button></div></div>''',
 remove=[('#footer_tc_privacy', C), ('#tc_priv_CustomOverlay', C)])

# 15 CookieFirst uk
add(slug='cookiefirst-banner', vendor='cookiefirst', lang='uk', k=C, kind='CookieFirst banner: floating card bottom-centre, inserted 300 ms after load',
 source='snapshot written for this set after CookieFirst (div.cookiefirst-root > div[data-cookiefirst-widget=banner], generated cf* classes; button data-cookiefirst-action attributes)',
 css='''[data-cookiefirst-widget=banner]{position:fixed;left:50%;bottom:16px;transform:translateX(-50%);width:900px;z-index:2147483640;background:#fff;color:#000;border-radius:10px;box-shadow:0 0 30px rgba(0,0,0,.25);padding:22px 26px;display:flex;gap:24px;align-items:center;font-size:14px;line-height:1.5}
.cf2Lf6{display:flex;flex-direction:column;gap:6px;min-width:210px}.cf2Lf6 button{padding:10px;border-radius:5px;border:2px solid #2b5d8a;background:#fff;color:#2b5d8a;font-weight:600}.cf2Lf6 button.cf1y60{background:#2b5d8a;color:#fff}''',
 script=inject('''<div class="cookiefirst-root notranslate" dir="ltr"><div data-cookiefirst-widget="banner" role="dialog" aria-modal="false" aria-label="Згода на файли cookie" class="cf3Tgk cf2MAH cf1Ky5"><div class="cf2L3T"><strong>Ми використовуємо файли cookie</strong><p>Ми використовуємо файли cookie, щоб забезпечити роботу сайту, аналізувати відвідуваність і показувати персоналізовану рекламу. Натисніть «Прийняти все», щоб погодитися, або налаштуйте свій вибір. Детальніше — у нашій <a href="#">Політиці щодо файлів cookie</a>.</p></div><div class="cf2Lf6"><button type="button" data-cookiefirst-action="accept" class="cf1y60">Прийняти все</button><button type="button" data-cookiefirst-action="reject">Відхилити все</button><button type="button" data-cookiefirst-action="adjust">Налаштування</button></div></div></div>''', 300),
 remove=[('[data-cookiefirst-widget="banner"]', C)])

# 16 Shopify ko
add(slug='shopify-banner', vendor='shopify', lang='ko', k=C, kind='Shopify customer privacy banner, fixed bottom-right dialog',
 source='snapshot written for this set after the Shopify "privacy banner" app markup (#shopify-pc__banner.shopify-pc__banner__dialog, #shopify-pc__banner__btn-accept / -decline / -manage-prefs)',
 css='''#shopify-pc__banner{position:fixed;right:20px;bottom:20px;width:460px;z-index:2147483647;background:#fff;color:#303030;border-radius:8px;box-shadow:0 4px 20px rgba(0,0,0,.22);padding:20px;font-size:14px;line-height:1.6}
.shopify-pc__banner__body-title{font-weight:bold;font-size:16px;margin-bottom:6px}.shopify-pc__banner__btns{display:flex;gap:8px;margin-top:12px;justify-content:flex-end}
.shopify-pc__banner__btns button{padding:9px 16px;border-radius:5px;border:1px solid #ccc;background:#fff}#shopify-pc__banner__btn-accept{background:#000;color:#fff;border-color:#000}''',
 after='''<section id="shopify-pc__banner" class="shopify-pc__banner__dialog" role="alertdialog" aria-labelledby="shopify-pc__banner__body-policy-title" aria-describedby="shopify-pc__banner__body-policy-text" aria-modal="false" lang="ko">
<div class="shopify-pc__banner__wrapper"><div class="shopify-pc__banner__body"><div class="shopify-pc__banner__body-title" id="shopify-pc__banner__body-policy-title">쿠키 사용 안내</div>
<p id="shopify-pc__banner__body-policy-text">이 사이트는 쿠키를 사용하여 더 나은 쇼핑 경험을 제공하고, 방문 통계를 분석하며, 맞춤형 광고를 보여 드립니다. <a href="#">개인정보 처리방침</a></p></div>
<div class="shopify-pc__banner__btns"><button type="button" id="shopify-pc__banner__btn-manage-prefs" class="shopify-pc__banner__btn-manage-prefs">설정 관리</button><button type="button" id="shopify-pc__banner__btn-decline" class="shopify-pc__banner__btn-decline">거부</button><button type="button" id="shopify-pc__banner__btn-accept" class="shopify-pc__banner__btn-accept">동의</button></div></div></section>''',
 remove=[('#shopify-pc__banner', C)])

# 17 HubSpot zh-TW top, slide down
add(slug='hubspot-top', vendor='hubspot', lang='zh-TW', k=C, kind='HubSpot cookie banner, fixed top, slides down, with × link',
 source='snapshot written for this set after HubSpot\'s cookie policy banner (#hs-eu-cookie-confirmation.hs-cookie-notification-position-top, #hs-eu-confirmation-button, #hs-eu-decline-button, #hs-eu-close-button)',
 css='''#hs-eu-cookie-confirmation{position:fixed;top:0;left:0;right:0;z-index:10000001;background:#425b76;color:#fff;box-shadow:0 1px 5px rgba(0,0,0,.2);animation:hsd .4s ease-out;font-size:14px;line-height:1.6}
@keyframes hsd{from{transform:translateY(-100%)}to{transform:none}}#hs-eu-cookie-confirmation-inner{max-width:1000px;margin:0 auto;padding:16px 50px 16px 20px;position:relative;display:flex;gap:20px;align-items:center}
#hs-eu-close-button{position:absolute;right:10px;top:8px;color:#fff;text-decoration:none;font-size:20px}#hs-eu-cookie-confirmation-button-group{display:flex;gap:8px}
#hs-eu-cookie-confirmation a[role=button]{padding:9px 16px;border-radius:3px;text-decoration:none;border:1px solid #fff;color:#fff;white-space:nowrap}#hs-eu-confirmation-button{background:#ff7a59;border-color:#ff7a59!important}''',
 after='''<div id="hs-eu-cookie-confirmation" class="hs-cookie-notification-position-top" role="region" aria-label="Cookie 橫幅" data-hs-location="top"><div id="hs-eu-cookie-confirmation-inner">
<a href="#" id="hs-eu-close-button" role="button" aria-label="關閉">×</a><div id="hs-eu-policy-wording"><p style="margin:0">本網站會在您的電腦上儲存 Cookie，用以改善您的瀏覽體驗並提供更個人化的服務。若您拒絕，我們仍會使用一個 Cookie 記住您的選擇。詳情請參閱我們的隱私權政策。</p></div>
<div id="hs-en-cookie-confirmation-buttons-area"><div id="hs-eu-cookie-confirmation-button-group"><a href="#" id="hs-eu-confirmation-button" role="button">接受</a><a href="#" id="hs-eu-decline-button" role="button">拒絕</a></div></div></div></div>''',
 remove=[('#hs-eu-cookie-confirmation', C)])

# 18 Wix bg
add(slug='wix-banner', vendor='wix', lang='bg', k=C, kind='Wix cookie consent banner, fixed bottom bar, data-hook attributes only',
 source='snapshot written for this set after the Wix site cookie banner (data-hook="consent-banner-root", consent-banner-apply-button / -settings-button / -decline-button); classes approximate',
 css='''[data-hook=consent-banner-root]{position:fixed;left:0;right:0;bottom:0;z-index:99999;background:#fff;border-top:1px solid #ddd;box-shadow:0 -2px 8px rgba(0,0,0,.1);padding:20px 60px;display:flex;gap:30px;align-items:center;font-size:14px;line-height:1.5;color:#162d3d}
.fLTP3G{display:flex;gap:10px;flex-shrink:0}.fLTP3G button{padding:9px 22px;border-radius:18px;border:1px solid #116dff;background:#fff;color:#116dff}.fLTP3G button[data-hook=consent-banner-apply-button]{background:#116dff;color:#fff}''',
 after='''<div data-hook="consent-banner-root" class="consent-banner-root yB1OpP" role="region" aria-label="Cookie банер"><div class="Dp0fJR"><p><strong>Този уебсайт използва бисквитки.</strong> Използваме бисквитки, за да подобрим вашето изживяване и за да анализираме посещаемостта. Като приемете, вие се съгласявате с използването на бисквитки. <a href="#">Политика за бисквитките</a></p></div>
<div class="fLTP3G"><button data-hook="consent-banner-settings-button" type="button">Настройки</button><button data-hook="consent-banner-decline-button" type="button">Отказ</button><button data-hook="consent-banner-apply-button" type="button">Приемам</button></div></div>''',
 remove=[('[data-hook="consent-banner-root"]', C)])

# 19 Moove GDPR tr
add(slug='moove-gdpr-bar', vendor='moove-gdpr', lang='tr', k=C, kind='GDPR Cookie Compliance (Moove) info bar, fixed bottom, dark scheme',
 source='snapshot written for this set after the Moove "GDPR Cookie Compliance" WordPress plugin (gdpr-cookie-compliance) infobar module template, checked against a vendored copy on GitHub (manusantana/manusantana-com wp-content/plugins/gdpr-cookie-compliance/gdpr-modules/infobar) (aside#moove_gdpr_cookie_info_bar.moove-gdpr-dark-scheme.gdpr_infobar_postion_bottom, .moove-gdpr-infobar-allow-all); plugin is GPL',
 css='''#moove_gdpr_cookie_info_bar{position:fixed;bottom:0;left:0;right:0;z-index:9900;background:#202020;color:#fff;border-top:1px solid #fff;padding:16px 0;font-size:14px}
.moove-gdpr-info-bar-container{max-width:1100px;margin:0 auto;display:flex;align-items:center;gap:24px;padding:0 20px}.moove-gdpr-cookie-notice p{margin:0;line-height:1.5}
.moove-gdpr-button-holder{display:flex;gap:8px;flex-shrink:0}.mgbutton{padding:9px 18px;border-radius:50px;border:1px solid #0c4da2;background:#0c4da2;color:#fff;font-size:13px}.change-settings-button{background:none;border:0;color:#fff;text-decoration:underline}''',
 after='''<aside id="moove_gdpr_cookie_info_bar" class="moove-gdpr-info-bar-hidden moove-gdpr-align-center moove-gdpr-dark-scheme gdpr_infobar_postion_bottom" aria-label="GDPR Çerez Bildirimi" style="display:block;">
<div class="moove-gdpr-info-bar-container"><div class="moove-gdpr-info-bar-content"><div class="moove-gdpr-cookie-notice"><p>Bu web sitesi size mümkün olan en iyi kullanıcı deneyimini sunabilmek için çerezleri kullanır. Tercihlerinizi <button class="change-settings-button" data-href="#moove_gdpr_cookie_modal">ayarlar</button> sekmesinden değiştirebilirsiniz.</p></div>
</div><div class="moove-gdpr-button-holder"><button class="mgbutton moove-gdpr-infobar-allow-all gdpr-fbo-0" aria-label="Kabul et" role="button">Kabul et</button><button class="mgbutton moove-gdpr-infobar-reject-btn gdpr-fbo-1" aria-label="Reddet" role="button">Reddet</button></div></div></aside>''',
 remove=[('#moove_gdpr_cookie_info_bar', C)])

# 20 Borlabs ru
add(slug='borlabs-modal', vendor='borlabs-cookie', lang='ru', k=C, kind='Borlabs Cookie (WordPress) centred box on dim layer',
 source='snapshot written for this set after the Borlabs Cookie 2.x box template (#BorlabsCookieBox.BorlabsCookie > .middle-center > ._brlbs-box-wrap > ._brlbs-box, ._brlbs-btn-accept-all)',
 css='''#BorlabsCookieBox .middle-center{position:fixed;inset:0;background:rgba(0,0,0,.8);z-index:999999;display:flex;align-items:center;justify-content:center}
._brlbs-box{background:#fff;width:520px;border-radius:4px;padding:24px;font-size:14px;line-height:1.6;color:#555}._brlbs-h3{font-size:20px;color:#222;font-weight:bold}
._brlbs-accept a{display:block;text-align:center;background:#f7be00;color:#000;padding:12px;border-radius:4px;text-decoration:none;font-weight:bold;margin-top:14px}
._brlbs-refuse,._brlbs-manage{text-align:center;font-size:13px;margin-top:8px}''',
 after='''<div data-nosnippet=""><div id="BorlabsCookieBox" class="BorlabsCookie" role="dialog" aria-labelledby="CookieBoxTextHeadline" aria-describedby="CookieBoxTextDescription" aria-modal="true">
<div class="middle-center" style="display:flex;"><div class="_brlbs-box-wrap"><div class="_brlbs-box _brlbs-box-advanced"><div class="cookie-box" aria-hidden="false"><div class="container"><div class="row"><div class="col-12"><div class="_brlbs-flex-center">
<span role="heading" aria-level="3" class="_brlbs-h3" id="CookieBoxTextHeadline">Настройки конфиденциальности</span></div>
<p id="CookieBoxTextDescription">На нашем сайте мы используем файлы cookie. Некоторые из них необходимы, а другие помогают нам улучшать сайт и ваш опыт. Если вам меньше 16 лет и вы хотите дать согласие, попросите разрешения у родителей.</p>
<p class="_brlbs-accept"><a href="#" tabindex="0" role="button" class="_brlbs-btn _brlbs-btn-accept-all _brlbs-cursor" data-cookie-accept-all>Принять все</a></p>
<p class="_brlbs-refuse"><a href="#" tabindex="0" role="button" class="_brlbs-cursor" data-cookie-refuse>Принять только необходимые</a></p>
<p class="_brlbs-manage"><a href="#" tabindex="0" role="button" class="_brlbs-cursor" data-cookie-individual>Индивидуальные настройки</a></p>
</div></div></div></div></div></div></div></div></div>''',
 remove=[('#BorlabsCookieBox .middle-center', C)])

# 21 site ja in-flow top
add(slug='site-inflow-top', vendor='site', lang='ja', k=C, kind='hand-written Japanese site notice, in-flow block at top of body (NOT fixed), lone OK',
 source='written for this set (pattern common on Japanese sites: div.cookie-consent > .cookie-text + .cookie-agree)',
 css='''.cookie-consent{display:flex;justify-content:center;align-items:center;gap:20px;background:#f3f3f3;border-bottom:1px solid #ddd;padding:12px 20px;font-size:13px;color:#333}
.cookie-agree{background:#333;color:#fff;padding:6px 24px;border-radius:3px;cursor:pointer}''',
 before='''<div class="cookie-consent is-show"><div class="cookie-text">当サイトでは、サービス向上および広告配信のためにCookieを使用しています。サイトを閲覧し続けることで、Cookieの使用に同意したものとみなされます。詳しくは<a href="#">プライバシーポリシー</a>をご覧ください。</div><div class="cookie-agree" role="button" tabindex="0">OK</div></div>''',
 remove=[('.cookie-consent', C)])

# 22 site ko bottom sheet, lone link
add(slug='site-sheet-link', vendor='site', lang='ko', k=C, kind='hand-written Korean bottom sheet, fixed, only a lone "확인" link, no backdrop',
 source='written for this set',
 css='''#cookiePolicyLayer{position:fixed;left:50%;transform:translateX(-50%);bottom:0;width:720px;z-index:300;background:#fff;border-radius:18px 18px 0 0;box-shadow:0 -4px 18px rgba(0,0,0,.15);padding:22px 30px;font-size:14px;line-height:1.6;color:#333}
#cookiePolicyLayer .lyr_tit{font-weight:bold;font-size:16px;margin:0 0 6px}#cookiePolicyLayer .lyr_btn{display:block;text-align:right;color:#03c75a;font-weight:bold;text-decoration:none;margin-top:8px}''',
 after='''<div id="cookiePolicyLayer" class="lyr_cookie"><p class="lyr_tit">쿠키 사용 안내</p><p style="margin:0">동네소식은 서비스 개선과 맞춤형 콘텐츠 제공을 위해 쿠키를 사용합니다. 브라우저 설정에서 쿠키 저장을 거부할 수 있으나, 일부 기능 이용이 제한될 수 있습니다.</p><a href="#" class="lyr_btn">확인</a></div>''',
 remove=[('#cookiePolicyLayer', C)])

# 23 Yahoo guce style wall el
add(slug='guce-wall', vendor='yahoo-guce', lang='el', k=C, kind='Yahoo-style consent wall (guce): opaque full-viewport page-like wall, no close',
 source='written for this set after the structure of Yahoo\'s consent wall page (consent.yahoo.com / guce: .consent-overlay > .consent-form > form with button.accept-all / .reject-all / .manage-settings); re-created as an in-page overlay',
 html_style='overflow:hidden',
 css='''#consent-page{position:fixed;inset:0;z-index:2147483000;background:#fff;overflow:auto}.con-wizard{max-width:680px;margin:60px auto;font-size:15px;line-height:1.6;color:#232a31}
.con-logo{font:bold 30px sans-serif;color:#6001d2}.con-wizard h2{font-size:24px}.con-btns{display:flex;gap:12px;margin-top:24px}
.con-btns button{flex:1;padding:14px;border-radius:24px;border:1px solid #0f69ff;background:#0f69ff;color:#fff;font-weight:bold;font-size:15px}.con-btns .manage-settings{background:#fff;color:#0f69ff}''',
 after='''<div id="consent-page" class="consent-overlay"><div class="consent-form"><div class="con-wizard"><div class="con-logo">Τα Νέα της Πόλης · Μέσα</div>
<form class="consent-form" method="post" action="#"><h2 class="title">Τα Νέα της Πόλης αποτελούν μέρος του ομίλου μας</h2>
<p>Εμείς, ο όμιλος εταιρειών μας και οι <a href="#">συνεργάτες μας (242)</a>, χρησιμοποιούμε cookies και παρόμοιες τεχνολογίες για να αποθηκεύουμε ή να έχουμε πρόσβαση σε πληροφορίες της συσκευής σας και για να επεξεργαζόμαστε δεδομένα, όπως τη διεύθυνση IP και δεδομένα περιήγησης.</p>
<p>Επιλέξτε «Αποδοχή όλων» για να συμφωνήσετε, «Απόρριψη όλων» για να αρνηθείτε ή «Διαχείριση ρυθμίσεων απορρήτου» για να προσαρμόσετε τις επιλογές σας.</p>
<div class="con-btns"><button class="btn secondary accept-all" type="submit" name="agree" value="agree">Αποδοχή όλων</button><button class="btn secondary reject-all" type="submit" name="reject" value="reject">Απόρριψη όλων</button><button class="btn secondary manage-settings" type="button">Διαχείριση ρυθμίσεων απορρήτου</button></div></form></div></div></div>''',
 remove=[('#consent-page', C)])

# 24 Seznam szn-cmp custom element with shadow DOM, cs
szn = '''<style>:host{display:block;position:fixed;inset:0;z-index:2147483647;background:rgba(255,255,255,.96);font-family:Arial,sans-serif}
.szn-cmp-dialog{max-width:720px;margin:80px auto 0;background:#fff;border-radius:12px;box-shadow:0 4px 30px rgba(0,0,0,.2);padding:36px;color:#111;font-size:15px;line-height:1.6}
h1{font-size:24px;margin:0 0 12px}.btns{display:flex;gap:12px;margin-top:22px}button{padding:13px 24px;border-radius:24px;font-size:15px;font-weight:bold;border:1px solid #c00;background:#fff;color:#c00}button[data-testid=cw-button-agree-with-ads]{background:#c00;color:#fff}</style>
<div class="szn-cmp-dialog" role="dialog" aria-modal="true" aria-labelledby="szn-title"><h1 id="szn-title">Než budete pokračovat</h1>
<p>Městské listy a naši partneři potřebujeme váš souhlas s využitím cookies a jiných technologií, abychom vám mohli zobrazovat personalizovaný obsah a reklamu a měřit návštěvnost.</p>
<p>Svůj souhlas můžete kdykoli odvolat v nastavení soukromí v patičce webu.</p>
<div class="btns"><button data-testid="cw-button-agree-with-ads" type="button">Souhlasím</button><button data-testid="cw-button-settings" type="button">Nastavení</button></div></div>'''
add(slug='szn-cmp-shadow', vendor='seznam-cmp', lang='cs', k=C, kind='Seznam.cz CMP wall: custom element <szn-cmp-dialog-container> with open shadow root, full viewport, no close',
 source='written for this set after the Seznam.cz consent wall (custom element szn-cmp-dialog-container hosting an open shadow root; data-testid cw-button-agree-with-ads); content/visual approximate',
 html_style='overflow:hidden',
 after='<szn-cmp-dialog-container></szn-cmp-dialog-container>',
 script="<script>customElements.define('szn-cmp-dialog-container',class extends HTMLElement{constructor(){super();this.attachShadow({mode:'open'}).innerHTML=%s;}});</script>" % js(szn),
 remove=[('szn-cmp-dialog-container', C)])

# 25 pay-or-okay lt, body position fixed
add(slug='payorokay-wall', vendor='site', lang='lt', k=C, kind='"pay or okay" wall (accept tracking or subscribe), full viewport, body position:fixed scroll lock, no close',
 source='written for this set (contentpass-style "pay or okay" consent wall)',
 body_attrs='style="position:fixed;top:0;left:0;right:0;overflow:hidden"',
 css='''#pur-wall{position:fixed;inset:0;z-index:100000;background:rgba(10,20,30,.85);display:flex;align-items:center;justify-content:center}
.pur-box{background:#fff;width:820px;border-radius:6px;padding:30px;color:#111;font-size:14px;line-height:1.55}.pur-box h2{margin:0 0 8px;font-size:22px}
.pur-cols{display:flex;gap:20px;margin-top:18px}.pur-col{flex:1;border:1px solid #ddd;border-radius:6px;padding:18px}.pur-col button{width:100%;padding:12px;border:0;border-radius:4px;font-weight:bold;font-size:15px;margin-top:10px}
.pur-accept{background:#1a7f37;color:#fff}.pur-sub{background:#111;color:#fff}''',
 after='''<div id="pur-wall" role="dialog" aria-modal="true" aria-labelledby="pur-title"><div class="pur-box"><h2 id="pur-title">Skaitykite su reklama arba be jos</h2>
<p>Mūsų žurnalistika finansuojama iš reklamos. Kad galėtumėte toliau skaityti nemokamai, prašome sutikti su slapukais ir personalizuota reklama arba užsiprenumeruoti versiją be reklamos.</p>
<div class="pur-cols"><div class="pur-col"><strong>Su reklama</strong><p>Sutinku, kad mano duomenys būtų naudojami reklamai ir analizei pagal privatumo politiką.</p><button class="pur-accept" type="button">Sutinku ir skaitau toliau</button></div>
<div class="pur-col"><strong>Be reklamos – 2,99 € per mėnesį</strong><p>Be sekimo ir be reklamos. Prenumeratą galite atšaukti bet kada.</p><button class="pur-sub" type="button">Prenumeruoti</button></div></div>
<p style="font-size:12px;color:#666;margin-top:14px">Jau turite prenumeratą? <a href="#">Prisijunkite</a></p></div></div>''',
 remove=[('#pur-wall', C)])

# 26 zh-CN bar with iframe srcdoc, only x
zh_msg = '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>body{margin:0;font:14px/1.6 sans-serif;color:#fff;display:flex;align-items:center;height:64px;padding:0 60px 0 30px;box-sizing:border-box}a{color:#9cf}.x{position:absolute;right:20px;top:18px;color:#fff;font-size:22px;text-decoration:none}</style></head><body><div>我们使用 Cookie 来改善您的浏览体验、分析网站流量并展示个性化内容。继续浏览本网站即表示您同意我们使用 Cookie。<a href="#">了解更多</a></div><a class="x" href="#" aria-label="关闭">×</a></body></html>'
add(slug='site-iframe-bar', vendor='site', lang='zh-CN', k=C, kind='hand-written bottom bar, translucent dark, message is an <iframe srcdoc>, only an ×',
 source='written for this set',
 css='''#cookie-tip-wrap{position:fixed;left:0;right:0;bottom:0;height:64px;z-index:500;background:rgba(0,0,0,.78)}#cookie-tip-wrap iframe{width:100%;height:64px;border:0;display:block;background:transparent}''',
 after='<div id="cookie-tip-wrap"><iframe title="Cookie 提示" allowtransparency="true" srcdoc="%s"></iframe></div>' % srcdoc(zh_msg),
 remove=[('#cookie-tip-wrap', C)])

# 27 Termly th
add(slug='termly-banner', vendor='termly', lang='th', k=C, kind='Termly consent banner, fixed bottom full width, inserted 350 ms after load',
 source='snapshot written for this set after Termly\'s resource-blocker banner (div#termly-code-snippet-support > div[class^=termly-styles-root], data-tid banner-accept / banner-decline); classes approximate',
 css='''.termly-styles-root-a8c2bf{position:fixed;left:0;right:0;bottom:0;z-index:999999;background:#fff;box-shadow:0 -2px 12px rgba(0,0,0,.18);padding:20px 40px;display:flex;gap:24px;align-items:center;font-size:14px;line-height:1.7;color:#333}
.termly-styles-buttons-c2b7a3{display:flex;gap:8px;flex-shrink:0}.termly-styles-buttons-c2b7a3 button{padding:10px 18px;border-radius:4px;border:1px solid #4672ff;background:#fff;color:#4672ff}.termly-styles-buttons-c2b7a3 button[data-tid=banner-accept]{background:#4672ff;color:#fff}''',
 script=inject('''<div id="termly-code-snippet-support"><div class="termly-styles-root-a8c2bf termly-styles-bottom-e3b9c2" role="dialog" aria-label="การแจ้งเตือนคุกกี้"><div class="termly-styles-message-b5a2d1">เว็บไซต์นี้ใช้คุกกี้เพื่อพัฒนาประสบการณ์การใช้งาน วิเคราะห์การเข้าชม และแสดงเนื้อหาที่ตรงกับความสนใจของคุณ การคลิก "ยอมรับ" ถือว่าคุณยินยอมให้เราใช้คุกกี้ตาม<a href="#">นโยบายคุกกี้</a></div><div class="termly-styles-buttons-c2b7a3"><button data-tid="banner-decline" type="button">ปฏิเสธ</button><button data-tid="banner-prefs" type="button">ตั้งค่า</button><button data-tid="banner-accept" type="button">ยอมรับ</button></div></div></div>''', 350),
 remove=[('.termly-styles-root-a8c2bf', C)])
