from base import *
A='ads'
def gpt(slot, idx, w, h, cre):
    return ('<div id="google_ads_iframe_%s_%d__container__" style="border:0pt none;"><iframe id="google_ads_iframe_%s_%d" title="3rd party ad content" name="google_ads_iframe_%s_%d" width="%d" height="%d" scrolling="no" marginwidth="0" marginheight="0" frameborder="0" role="region" aria-label="Advertisement" tabindex="0" data-load-complete="true" style="border:0;vertical-align:bottom;" srcdoc="%s"></iframe></div>'
            % (slot, idx, slot, idx, slot, idx, w, h, srcdoc(cre)))
ADCSS = '.ad-label{display:block;font:11px sans-serif;color:#888;text-align:center;margin-bottom:3px;letter-spacing:.05em}'

# A1 GPT leaderboard ja, iframe inserted by script (like GPT)
add(slug='gpt-leaderboard', vendor='google-publisher-tag', lang='ja', k=A, kind='GPT 728x90 leaderboard in-flow under the header, label 広告, iframe inserted 100 ms after load',
 source='written for this set after the DOM Google Publisher Tag renders (div#div-gpt-ad-<id> > div#google_ads_iframe_<path>_0__container__ > iframe title="3rd party ad content")',
 css=ADCSS+'#top-ad{width:728px;margin:14px auto}#div-gpt-ad-1712345678901-0{min-width:728px;min-height:90px}',
 top='<div id="top-ad" class="ad-wrap ad-leaderboard"><span class="ad-label">広告</span><div id="div-gpt-ad-1712345678901-0" data-google-query-id="CKmE1cXq6YMDFQ"></div></div>',
 script="<script>window.addEventListener('load',function(){setTimeout(function(){document.getElementById('div-gpt-ad-1712345678901-0').innerHTML=%s;},100)});</script>" % js(gpt('/9176203/jp_news_top', 0, 728, 90, creative('夏のセール 最大50%オフ', '今すぐチェック ›', 728, 90, lab='広告'))),
 remove=[('#top-ad', A)])

# A2 AdSense ins in sidebar ko
add(slug='adsense-ins-sidebar', vendor='google-adsense', lang='ko', k=A, kind='AdSense ins.adsbygoogle 300x250 in the sidebar (filled, aswift iframe)',
 source='written for this set after the DOM AdSense renders (ins.adsbygoogle[data-ad-client][data-ad-slot][data-adsbygoogle-status=done] > div#aswift_0_host > iframe#aswift_0)',
 css='ins.adsbygoogle{display:inline-block;width:300px;height:250px}',
 aside='<ins class="adsbygoogle" style="display:inline-block;width:300px;height:250px" data-ad-client="ca-pub-0000000000000000" data-ad-slot="1234567890" data-adsbygoogle-status="done" data-ad-status="filled"><div id="aswift_0_host" style="border:none;height:250px;width:300px;margin:0;padding:0;position:relative;visibility:visible;background-color:transparent;display:inline-block;"><iframe id="aswift_0" name="aswift_0" width="300" height="250" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" title="Advertisement" aria-label="Advertisement" tabindex="0" style="left:0;position:absolute;top:0;border:0;width:300px;height:250px;" srcdoc="%s"></iframe></div></ins>' % srcdoc(creative('가을 여행 특가', '제주 항공권 39,000원부터', 300, 250, 'linear-gradient(135deg,#00b4db,#0083b0)', '광고')),
 remove=[('ins.adsbygoogle', A)])

# A3 sticky anchor zh-TW
add(slug='gpt-sticky-anchor', vendor='google-publisher-tag', lang='zh-TW', k=A, kind='sticky bottom anchor ad (fixed, white strip, close tab, label 廣告) holding a GPT 728x90',
 source='written for this set (common publisher anchor wrapper around a GPT slot)',
 body_attrs='style="padding-bottom:110px"',
 css=ADCSS+'''#anchor-ad-wrapper{position:fixed;left:0;right:0;bottom:0;height:104px;background:#fff;box-shadow:0 -2px 6px rgba(0,0,0,.2);z-index:2147483000;display:flex;flex-direction:column;align-items:center;justify-content:center}
.anchor-close{position:absolute;top:-22px;right:30px;width:40px;height:22px;background:#fff;border:0;box-shadow:0 -2px 4px rgba(0,0,0,.15);border-radius:4px 4px 0 0}''',
 after='<div id="anchor-ad-wrapper" class="sticky-ad"><button class="anchor-close" type="button" aria-label="關閉廣告">×</button><span class="ad-label">廣告</span><div id="div-gpt-ad-1699887766554-0">%s</div></div>' % gpt('/21809957681/tw_anchor', 0, 728, 90, creative('新款筆電限時優惠', '立即選購 ›', 728, 90, 'linear-gradient(90deg,#141e30,#243b55)', '廣告')),
 remove=[('#anchor-ad-wrapper', A)])

# A4 Prebid MPU in article pt-BR
add(slug='prebid-mpu-article', vendor='prebid-gpt', lang='pt-BR', k=A, kind='in-article 300x250 MPU (Prebid.js + GPT slot) with label "Publicidade", in flow between paragraphs',
 source='written for this set (publisher wrapper div.publicidade around a GPT slot filled via Prebid; hb_* targeting attributes)',
 css=ADCSS+'#ad-mpu-1{width:300px;margin:18px auto;padding:8px 0;border-top:1px solid #eee;border-bottom:1px solid #eee}',
 in_article='<div id="ad-mpu-1" class="publicidade ad-slot"><span class="ad-label">Publicidade</span><div id="div-gpt-ad-mpu-1" class="prebid-slot" data-slot="/2233/br_noticias/mpu1" data-hb-bidder="appnexus" data-hb-pb="1.20">%s</div></div>' % gpt('/2233/br_noticias/mpu1', 0, 300, 250, creative('Black Friday', 'Até 70% OFF em livros', 300, 250, 'linear-gradient(135deg,#000,#444)', 'Publicidade')),
 remove=[('#ad-mpu-1', A)])

# A5 Amazon native shopping ad tr
items = ''.join('<div class="amzn-native-product"><div class="amzn-native-product-image" style="background:%s"></div><div class="amzn-native-product-title">%s</div><div class="amzn-native-product-price">%s</div><span class="amzn-native-product-btn">Amazon\'da gör</span></div>' % (c, t, p) for c, t, p in [('#c9a66b', 'Tramvay Tarihi – Ciltli Kitap', '₺349,90'), ('#6b8fc9', 'Şehir Fotoğrafları Albümü', '₺229,00'), ('#8fc96b', 'Retro Tramvay Maketi 1:87', '₺599,50'), ('#c96b8f', 'İstanbul Sokak Haritası Posteri', '₺119,90')])
add(slug='amazon-native-grid', vendor='amazon-native-shopping-ads', lang='tr', k=A, kind='Amazon Native Shopping Ads product grid below the article, "Reklam" label',
 source='written for this set after the container Amazon Native Shopping Ads render (div#amzn_assoc_ad_div_adunit0_0 > div.amzn-native-container); inner classes approximate',
 css='''#amzn_assoc_ad_div_adunit0_0{max-width:700px;margin:24px 0;border:1px solid #ddd;padding:12px;font:13px sans-serif}.amzn-native-header{display:flex;justify-content:space-between;color:#555;margin-bottom:8px}
.amzn-native-products{display:flex;gap:10px}.amzn-native-product{flex:1}.amzn-native-product-image{height:110px}.amzn-native-product-price{color:#b12704;font-weight:bold}.amzn-native-product-btn{display:inline-block;background:#f0c14b;padding:3px 8px;border-radius:3px;margin-top:4px}''',
 after_article='<div id="amzn_assoc_ad_div_adunit0_0"><div class="amzn-native-container amzn-native-container-theme-light"><div class="amzn-native-header"><span>Amazon\'da ilgili ürünler</span><span class="amzn-native-header-ad">Reklam</span></div><div class="amzn-native-products">%s</div></div></div>' % items,
 remove=[('#amzn_assoc_ad_div_adunit0_0', A)])

# A6 Teads outstream video ro
add(slug='teads-outstream', vendor='teads', lang='ro', k=A, kind='Teads in-read outstream video ad player in a slot between paragraphs, label "Publicitate"',
 source='written for this set after the Teads in-read container (div.teads-inread with teads-ui-component-* children); player markup approximate',
 css='''.teads-inread{width:640px;margin:20px 0;background:#000;position:relative}.teads-ui-component-label{position:absolute;top:6px;left:8px;color:#fff;font:11px sans-serif;opacity:.8;z-index:2}
.teads-player{width:640px;height:360px;display:block;background:linear-gradient(135deg,#2a6f97,#61a5c2)}.teads-title{position:absolute;top:150px;left:0;right:0;text-align:center;color:#fff;font:bold 30px sans-serif}.teads-ui-component-credits{position:absolute;bottom:46px;right:10px;color:#fff;font:12px sans-serif;z-index:2}
.teads-controls{position:absolute;left:0;right:0;bottom:0;height:38px;background:linear-gradient(transparent,rgba(0,0,0,.8));display:flex;align-items:center;gap:10px;padding:0 10px;color:#fff;font:12px sans-serif}.teads-progress{flex:1;height:4px;background:#555}.teads-progress i{display:block;width:35%;height:4px;background:#fc0}''',
 in_article='<div class="teads-inread sm-screen" data-teads-pid="12345" style="height:360px"><div class="teads-ui-component-label">Publicitate</div><video class="teads-player" muted playsinline></video><div class="teads-title">Vacanțe la munte – oferte de iarnă</div><div class="teads-ui-component-credits">Reclama se termină în 12</div><div class="teads-controls"><span>▶</span><div class="teads-progress"><i></i></div><span>🔇</span></div></div>',
 remove=[('.teads-inread', A)])

# A7 AdSense vignette interstitial vi (inserted)
vig = '<ins class="adsbygoogle adsbygoogle-noablate" data-adsbygoogle-status="done" data-vignette-loaded="true" style="display:block;position:fixed;left:0;top:0;width:100vw;height:100vh;z-index:2147483647;background:rgba(0,0,0,.65)"><div id="aswift_1_host" style="border:none;height:100vh;width:100vw;display:flex;align-items:center;justify-content:center"><iframe id="aswift_1" name="aswift_1" title="Advertisement" aria-label="Advertisement" width="640" height="480" frameborder="0" style="border:0" srcdoc="%s"></iframe></div></ins>' % srcdoc('<!doctype html><html lang="vi"><head><meta charset="utf-8"><style>body{margin:0;font:16px sans-serif;background:#fff}.h{display:flex;justify-content:space-between;padding:8px 12px;font-size:13px;color:#555;border-bottom:1px solid #ddd}.b{height:430px;background:linear-gradient(135deg,#11998e,#38ef7d);color:#fff;display:flex;flex-direction:column;align-items:center;justify-content:center;font-size:30px;font-weight:bold}</style></head><body><div class="h"><span>Quảng cáo</span><a href="#" id="dismiss-button">Đóng quảng cáo ✕</a></div><div class="b">Gói cước 5G ưu đãi<small style="font-size:16px;font-weight:normal">Đăng ký ngay hôm nay</small></div></body></html>')
add(slug='adsense-vignette', vendor='google-adsense', lang='vi', k=A, kind='AdSense vignette (full-screen interstitial) ins.adsbygoogle-noablate, fixed, inserted 300 ms after load',
 source='written for this set after AdSense auto-ads vignette DOM (ins.adsbygoogle.adsbygoogle-noablate[data-vignette-loaded] > #aswift_N_host > iframe, "dismiss-button")',
 script=inject(vig, 300),
 remove=[('ins.adsbygoogle-noablate', A)])

# A8 Taboola cs
tb = ''.join('<div class="videoCube trc_spotlight_item syndicatedItem"><a href="#" class="item-thumbnail-href"><span class="thumbBlock" style="background:%s"></span></a><div class="video-label-box"><span class="video-title">%s</span><span class="branding">%s</span></div></div>' % (c, t, b) for c, t, b in [('#7a5195', 'Lékaři žasnou: tento jednoduchý trik pomáhá se spánkem', 'Zdraví dnes · Sponzorováno'), ('#ef5675', 'Nová úsporná tepelná čerpadla za zlomek ceny', 'EnergoTip · Sponzorováno'), ('#ffa600', 'Takhle dnes vypadá herečka z oblíbeného seriálu', 'Magazín Plus · Sponzorováno'), ('#003f5c', 'Senioři v Praze mohou získat příspěvek na naslouchátko', 'SlyšímLépe · Sponzorováno')])
add(slug='taboola-feed', vendor='taboola', lang='cs', k=A, kind='Taboola below-article native "sponsored" widget grid',
 source='written for this set after Taboola widget DOM (div#taboola-below-article-thumbnails.trc_related_container > .trc_rbox_container, .videoCube, .branding, "Sponzorováno")',
 css='''#taboola-below-article-thumbnails{max-width:700px;margin:24px 0;font:13px sans-serif}.trc_rbox_header{display:flex;justify-content:space-between;font-weight:bold;border-bottom:2px solid #333;margin-bottom:8px;padding-bottom:4px}
.trc_rbox_outer{display:grid;grid-template-columns:1fr 1fr;gap:12px}.thumbBlock{display:block;height:120px}.video-title{display:block;font-weight:bold;font-size:14px;margin-top:4px}.branding{color:#999;font-size:11px}''',
 after_article='<div id="taboola-below-article-thumbnails" class="taboola-below-article-thumbnails trc_related_container tbl-trecs-container trc_spotlight_widget" data-placement-name="Below Article Thumbnails"><div class="trc_rbox_container"><div class="trc_rbox_header trc_rbox_border_elm"><span class="trc_rbox_header_span">Mohlo by vás zajímat</span><span class="trc_adc_wrapper">Sponzorované odkazy · Taboola</span></div><div class="trc_rbox_outer">%s</div></div></div>' % tb,
 remove=[('#taboola-below-article-thumbnails', A)])

# A9 Outbrain hu in sidebar
ob = ''.join('<li class="ob-dynamic-rec-container ob-p"><a class="ob-dynamic-rec-link" href="#"><div class="ob-rec-image-container" style="background:%s"></div><span class="ob-rec-text">%s</span><span class="ob-rec-source">%s</span></a></li>' % (c, t, s) for c, t, s in [('#6a994e', 'Így spórolhat a fűtésen a télen', 'Otthonkalauz'), ('#bc4749', 'Ezt a hibát mindenki elköveti a nyugdíj előtt', 'PénzPont'), ('#386641', 'Meglepő kert ötletek kis helyre', 'Kertbarát')])
add(slug='outbrain-sidebar', vendor='outbrain', lang='hu', k=A, kind='Outbrain widget in the sidebar, "Szponzorált" label',
 source='written for this set after Outbrain widget DOM (div.OUTBRAIN[data-widget-id] > .ob-widget .ob-dynamic-rec-container); inner classes approximate',
 css='''.OUTBRAIN{width:300px;font:13px sans-serif}.ob-widget-header{display:flex;justify-content:space-between;font-weight:bold;margin-bottom:6px}.ob-widget-items-container{list-style:none;margin:0;padding:0}
.ob-dynamic-rec-container{margin-bottom:10px}.ob-dynamic-rec-link{color:#222;text-decoration:none}.ob-rec-image-container{height:140px}.ob-rec-text{display:block;font-weight:bold}.ob-rec-source{color:#999;font-size:11px}''',
 aside='<div class="OUTBRAIN" data-src="#" data-widget-id="SB_1" data-ob-template="varosihirek" data-ob-mark="true"><div class="ob-widget ob-feed-layout AR_1"><div class="ob-widget-header"><span>Ajánlott tartalmak</span><span class="ob_what">Szponzorált · Outbrain</span></div><ul class="ob-widget-items-container">%s</ul></div></div>' % ob,
 remove=[('div.OUTBRAIN', A)])

# A10 GPT skyscraper ar, sticky sidebar
add(slug='gpt-skyscraper-sticky', vendor='google-publisher-tag', lang='ar', k=A, kind='GPT 160x600 skyscraper, position:sticky in the sidebar, label إعلان, RTL page',
 source='written for this set (publisher wrapper around a GPT slot)',
 css=ADCSS+'#sky-ad{position:sticky;top:10px;width:160px}',
 aside='<div id="sky-ad" class="ad-container ad-sky"><span class="ad-label">إعلان</span><div id="div-gpt-ad-1688123456789-0">%s</div></div>' % gpt('/6355419/ar_sky', 0, 160, 600, creative('عروض الصيف', 'خصم حتى ٤٠٪', 160, 600, 'linear-gradient(180deg,#c31432,#240b36)', 'إعلان')),
 remove=[('#sky-ad', A)])

# A11 GPT in-article float he
add(slug='gpt-inarticle-float', vendor='google-publisher-tag', lang='he', k=A, kind='GPT 300x250 floated inside the article text, label פרסומת, RTL',
 source='written for this set',
 css=ADCSS+'#ad-inread-he{float:left;width:300px;margin:0 20px 10px 0}',
 in_article='<div id="ad-inread-he" class="ad ad-box" data-ad-unit="he_article_box"><span class="ad-label">פרסומת</span><div id="div-gpt-ad-1677001122334-0">%s</div></div>' % gpt('/1011/he_article_box', 0, 300, 250, creative('מבצע חורף', 'משלוח חינם לכל הארץ', 300, 250, 'linear-gradient(135deg,#f7971e,#ffd200)', 'פרסומת')),
 in_at=1,
 remove=[('#ad-inread-he', A)])

# A12 AdSense anchor th (inserted, slides up)
anc = '<ins class="adsbygoogle adsbygoogle-noablate" data-anchor-status="displayed" data-anchor-shown="true" data-adsbygoogle-status="done" style="display:block;position:fixed;left:0;right:0;bottom:0;height:100px;z-index:2147483647;background:#fafafa;box-shadow:0 -1px 5px rgba(0,0,0,.25)"><span class="grippy-host" style="position:absolute;top:-24px;right:20px;width:40px;height:24px;background:#fafafa;border-radius:8px 8px 0 0;text-align:center">⌄</span><div id="aswift_2_host" style="display:flex;justify-content:center;padding-top:5px"><iframe id="aswift_2" title="Advertisement" width="728" height="90" frameborder="0" style="border:0" srcdoc="%s"></iframe></div></ins>' % srcdoc(creative('เที่ยวญี่ปุ่นราคาพิเศษ', 'จองเลยวันนี้', 728, 90, 'linear-gradient(90deg,#e52d27,#b31217)', 'โฆษณา'))
add(slug='adsense-anchor', vendor='google-adsense', lang='th', k=A, kind='AdSense auto-ads bottom anchor (ins.adsbygoogle-noablate[data-anchor-status]), fixed, inserted 250 ms after load, slides up',
 source='written for this set after AdSense anchor-ad DOM (ins.adsbygoogle.adsbygoogle-noablate[data-anchor-status=displayed], span.grippy-host, #aswift_N_host)',
 css='@keyframes ancu{from{transform:translateY(100%)}to{transform:none}}',
 script=inject(anc, 250),
 remove=[('ins.adsbygoogle-noablate', A)])

# A13 billboard fi above header
add(slug='gpt-billboard-top', vendor='google-publisher-tag', lang='fi', k=A, kind='980x240 billboard above the site header, in flow, label "Mainos"',
 source='written for this set',
 css=ADCSS+'#billboard-ad{width:980px;margin:10px auto;background:#f4f4f4;padding:6px 0}',
 top='<div id="billboard-ad" class="mainos ad-billboard"><span class="ad-label">MAINOS</span><div id="div-gpt-ad-1655443322110-0" style="width:980px;height:240px">%s</div></div>' % gpt('/4852/fi_billboard', 0, 980, 240, creative('Talviale alkoi!', 'Kaikki takit -40 %', 980, 240, 'linear-gradient(135deg,#283c86,#45a247)', 'Mainos')),
 remove=[('#billboard-ad', A)])

# A14 Yandex RTB ru (sidebar, rendered by script)
ya = '<div class="yandex-rtb-inner" style="width:240px;height:400px;position:relative;font:13px sans-serif"><div style="height:300px;background:linear-gradient(160deg,#ffcc00,#ff6600)"></div><div style="padding:8px;background:#fff;border:1px solid #eee"><b>Окна ПВХ со скидкой 30%</b><br>Замер бесплатно. Установка за 1 день.</div><span style="position:absolute;top:4px;right:6px;background:rgba(255,255,255,.85);font-size:10px;padding:1px 4px">Реклама</span></div>'
add(slug='yandex-rtb', vendor='yandex-rtb', lang='ru', k=A, kind='Yandex Advertising Network (RTB) block in the sidebar, label «Реклама», content rendered 150 ms after load',
 source='written for this set after Yandex RTB block container (div#yandex_rtb_R-A-<id>-<n>); inner markup approximate',
 aside='<div id="yandex_rtb_R-A-1234567-3" class="yandex-rtb-block" style="min-height:400px;width:240px"></div>',
 script="<script>window.addEventListener('load',function(){setTimeout(function(){document.getElementById('yandex_rtb_R-A-1234567-3').innerHTML=%s;},150)});</script>" % js(ya),
 remove=[('#yandex_rtb_R-A-1234567-3', A)])
