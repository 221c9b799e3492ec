# Article texts per language: (site, heading, [paragraphs], dir)
L = {}
L['ja'] = ('まちのニュース', '商店街に新しい図書コーナーが誕生', [
 '駅前の商店街に、誰でも自由に本を借りられる小さな図書コーナーが今月オープンしました。空き店舗を改装したもので、地域の住民から寄贈された約二千冊が並んでいます。',
 '運営するのは地元の有志による団体で、平日は午前十時から午後六時まで開いています。貸し出しに会員登録は不要で、ノートに名前を書くだけで一度に三冊まで借りられます。',
 '開設のきっかけは、昨年閉館した市立図書館の分館でした。子どもたちが放課後に過ごせる場所が減ったという声を受け、商店街の組合が場所を提供しました。',
 '週末には絵本の読み聞かせ会や、古本の交換会も予定されています。団体の代表は「本を通じて、世代を超えた交流が生まれる場所にしたい」と話しています。',
 '寄贈は随時受け付けていますが、汚れや破れのある本は受け取れないとのことです。詳しくは店頭の掲示板で確認できます。'], 'ltr')
L['ko'] = ('동네소식', '구도심 골목에 작은 도서관이 문을 열었다', [
 '시장 근처 빈 점포를 고쳐 만든 작은 도서관이 이번 달 문을 열었다. 주민들이 기증한 책 이천여 권이 서가를 채웠고, 누구나 자유롭게 빌려 갈 수 있다.',
 '운영은 지역 자원봉사자 모임이 맡는다. 평일 오전 열 시부터 오후 여섯 시까지 문을 열며, 회원 가입 없이 이름만 적으면 한 번에 세 권까지 대출할 수 있다.',
 '도서관이 생긴 계기는 지난해 문을 닫은 구립 도서관 분관이었다. 아이들이 방과 후에 머물 곳이 줄었다는 목소리가 커지자 상인회가 공간을 내놓았다.',
 '주말에는 그림책 읽어 주기 모임과 헌책 교환 장터도 열린다. 모임 대표는 "책을 통해 세대가 어울리는 공간이 되었으면 한다"고 말했다.',
 '책 기증은 언제든 받지만, 심하게 훼손된 책은 받지 않는다. 자세한 내용은 입구 게시판에서 확인할 수 있다.'], 'ltr')
L['zh-CN'] = ('城市晚报', '老城区图书角开放首月借阅量超过三千册', [
 '位于老城区菜市场旁的社区图书角开放一个月以来，累计借阅量已超过三千册。图书角由一间闲置门面改造而成，藏书大多来自附近居民的捐赠。',
 '图书角由社区志愿者轮流值守，每天上午九点至晚上七点开放。居民无需办理借书证，只要登记姓名和电话，每次最多可以借阅三本。',
 '负责人介绍，开放之初最受欢迎的是儿童绘本和地方史读物。为此，志愿者们特意增设了一个亲子阅读区，并每周六举办故事会。',
 '不少老年读者表示，图书角让他们重新养成了读书的习惯。一位退休教师说，每天买完菜顺路借一本书，已经成了她生活中的一部分。',
 '社区计划在年底前再增加一个图书角，并尝试与附近学校合作，开展暑期阅读活动。'], 'ltr')
L['zh-TW'] = ('在地日報', '老街書店轉型社區客廳　週末講座場場額滿', [
 '位於老街轉角、經營超過四十年的二手書店，今年起轉型為結合閱讀與交流的社區客廳。店內保留了原本的木製書架，並在後方隔出一個可容納三十人的小空間。',
 '店主表示，過去幾年來客數逐年下滑，但許多老顧客仍希望書店能繼續存在。經過與里長和在地青年討論後，決定以講座和讀書會的方式重新經營。',
 '目前每週六下午都會邀請作家、攝影師或社區耆老分享，主題從地方歷史到料理都有。開放報名的講座幾乎都在一天內額滿。',
 '除了講座之外，書店也推出「以書換書」的活動，讀者可以帶兩本舊書換取店內一本書。店主說，這讓書本在社區裡不斷流動，也讓更多人走進店裡。',
 '書店營業時間為每日中午十二點至晚上八點，週一公休。'], 'ltr')
L['pt-BR'] = ('Jornal do Bairro', 'Feira de trocas de livros reúne mil pessoas na praça central', [
 'A primeira feira de trocas de livros do bairro reuniu cerca de mil pessoas na praça central neste domingo. Moradores trouxeram romances, livros didáticos e histórias em quadrinhos para trocar com vizinhos.',
 'A iniciativa partiu de um grupo de professores aposentados, que há meses recolhia doações em uma sala cedida pela associação de moradores. Segundo os organizadores, mais de quatro mil livros mudaram de mãos.',
 'Além das trocas, a programação teve contação de histórias para crianças, um sarau de poesia e uma oficina de conserto de livros antigos. A oficina foi uma das atividades mais procuradas da tarde.',
 'Comerciantes da região também aprovaram o evento. O dono de uma padaria ao lado da praça disse que o movimento de domingo foi o maior desde o início do ano.',
 'A próxima edição está prevista para o mês que vem, e os organizadores pretendem incluir uma banca de livros em braile.'], 'ltr')
L['tr'] = ('Şehir Gazetesi', 'Eski tramvay deposu kültür merkezine dönüşüyor', [
 'Yıllardır boş duran eski tramvay deposu, belediyenin başlattığı proje ile bir kültür merkezine dönüştürülüyor. Binanın tarihî cephesi korunacak, iç mekân ise sergi ve konser salonlarına ayrılacak.',
 'Projeden sorumlu mimar, yapının çelik taşıyıcılarının büyük ölçüde sağlam olduğunu söyledi. Restorasyon çalışmalarının yaklaşık on sekiz ay sürmesi bekleniyor.',
 'Mahalle sakinleri ise projeye genel olarak olumlu bakıyor. Bir esnaf, merkezin açılmasıyla bölgeye daha fazla ziyaretçi geleceğini ve kapanan dükkânların yeniden canlanacağını umduğunu belirtti.',
 'Merkezde ayrıca çocuklar için bir atölye, küçük bir kütüphane ve şehrin ulaşım tarihini anlatan kalıcı bir sergi yer alacak. Eski tramvay vagonlarından biri de girişte sergilenecek.',
 'Belediye, açılışın gelecek yılın sonbaharında yapılmasını planlıyor.'], 'ltr')
L['ru'] = ('Городские новости', 'В старом депо откроют библиотеку и коворкинг', [
 'Здание бывшего трамвайного депо на окраине города передадут под библиотеку и коворкинг. Решение было принято после общественных слушаний, на которых жители поддержали проект большинством голосов.',
 'Архитекторы планируют сохранить кирпичные стены и металлические фермы, а внутри разместить читальный зал, детскую комнату и открытое пространство для работы. Ремонт займёт около полутора лет.',
 'По словам представителя администрации, финансирование уже заложено в бюджет следующего года. Часть средств выделит областная программа поддержки муниципальных библиотек.',
 'Местные жители давно жаловались, что в районе нет мест, где можно провести время с детьми или спокойно поработать. Ближайшая библиотека находится в сорока минутах езды на автобусе.',
 'Открытие нового пространства намечено на весну, а до этого в депо пройдут несколько выставок под открытым небом.'], 'ltr')
L['ar'] = ('أخبار المدينة', 'افتتاح مكتبة عامة جديدة في الحي القديم', [
 'افتُتحت هذا الأسبوع مكتبة عامة جديدة في مبنى تاريخي وسط الحي القديم، بعد أعمال ترميم استمرت أكثر من عامين. وتضم المكتبة نحو عشرين ألف كتاب باللغتين العربية والإنجليزية.',
 'وقال مدير المكتبة إن المبنى كان في الأصل مدرسة أُسست قبل قرن، وإن فريق الترميم حرص على الحفاظ على النوافذ الخشبية والبلاط الأصلي.',
 'وتخصص المكتبة جناحًا كاملًا للأطفال، إلى جانب قاعة للمطالعة الهادئة وأخرى للورش والمحاضرات. كما تتيح للزوار استخدام أجهزة الحاسوب مجانًا.',
 'ورحب سكان الحي بالافتتاح، إذ قالت إحدى الأمهات إن أطفالها باتوا يقضون عطلة نهاية الأسبوع في القراءة بدلًا من الجلوس أمام الشاشات.',
 'وتفتح المكتبة أبوابها يوميًا من التاسعة صباحًا حتى الثامنة مساءً، عدا يوم الجمعة.'], 'rtl')
L['he'] = ('חדשות העיר', 'ספרייה קהילתית חדשה נפתחה בשכונה הוותיקה', [
 'ספרייה קהילתית חדשה נפתחה השבוע בבניין ששימש בעבר כסניף דואר בשכונה הוותיקה. על המדפים כבר עומדים כשמונת אלפים ספרים, רובם תרומות של תושבי האזור.',
 'את הספרייה מפעילים מתנדבים מהשכונה, והיא פתוחה בימים א׳ עד ה׳ בין השעות עשר בבוקר לשבע בערב. ההשאלה חינמית, ואין צורך בכרטיס קורא.',
 'לדברי רכזת המתנדבים, הרעיון נולד אחרי שהספרייה העירונית הקרובה נסגרה לשיפוצים. הורים רבים חיפשו מקום שקט שבו הילדים יוכלו לקרוא ולהכין שיעורי בית.',
 'בימי שישי בבוקר מתקיימת בספרייה שעת סיפור לגיל הרך, ופעם בחודש נערך מפגש של מועדון קריאה למבוגרים.',
 'העירייה הודיעה כי תשקול להרחיב את המיזם לשכונות נוספות בשנה הבאה.'], 'rtl')
L['el'] = ('Τα Νέα της Πόλης', 'Νέα δημοτική βιβλιοθήκη στο παλιό λιμάνι', [
 'Σε ένα ανακαινισμένο αποθηκευτικό κτίριο του παλιού λιμανιού άνοιξε αυτή την εβδομάδα η νέα δημοτική βιβλιοθήκη. Η συλλογή περιλαμβάνει περίπου δεκαπέντε χιλιάδες τόμους, πολλοί από τους οποίους είναι δωρεές κατοίκων.',
 'Ο αρχιτέκτονας του έργου εξήγησε ότι διατηρήθηκαν οι πέτρινοι τοίχοι και τα ξύλινα δοκάρια της οροφής. Το εσωτερικό χωρίστηκε σε αναγνωστήριο, παιδική γωνιά και αίθουσα εκδηλώσεων.',
 'Η βιβλιοθήκη θα λειτουργεί καθημερινά από τις εννέα το πρωί έως τις εννέα το βράδυ. Η εγγραφή μελών είναι δωρεάν για όλους τους κατοίκους του δήμου.',
 'Οι κάτοικοι της περιοχής υποδέχτηκαν με ενθουσιασμό το νέο χώρο. Μια μητέρα δήλωσε ότι επιτέλους τα παιδιά της έχουν ένα ασφαλές μέρος για να διαβάζουν μετά το σχολείο.',
 'Τον επόμενο μήνα προγραμματίζεται κύκλος ομιλιών για την ιστορία του λιμανιού.'], 'ltr')
L['hu'] = ('Városi Hírek', 'Közösségi könyvtár nyílt a régi piaccsarnokban', [
 'A belváros régi piaccsarnokának emeletén a héten megnyílt az új közösségi könyvtár. A polcokon mintegy hatezer kötet található, többségük a környékbeli lakók adománya.',
 'A könyvtárat önkéntesek működtetik, hétköznap délelőtt tíztől este hétig tart nyitva. A kölcsönzés ingyenes, és nincs szükség olvasójegyre, elég beírni a nevet egy füzetbe.',
 'Az ötlet akkor született, amikor a kerületi fiókkönyvtár tavaly bezárt. A szülők közül sokan hiányolták azt a helyet, ahol a gyerekek iskola után nyugodtan olvashatnak.',
 'Szombatonként mesedélutánt tartanak a legkisebbeknek, havonta egyszer pedig könyvcserebörzét rendeznek. A szervezők szerint a börzén már az első alkalommal több száz könyv cserélt gazdát.',
 'Az önkormányzat jelezte, hogy a jövő évtől támogatja a könyvtár fenntartását.'], 'ltr')
L['cs'] = ('Městské listy', 'Ve staré tramvajové vozovně vznikne knihovna', [
 'Bývalá tramvajová vozovna na okraji města se promění v knihovnu a komunitní centrum. Zastupitelé projekt schválili po veřejné debatě, na které ho podpořila většina přítomných obyvatel.',
 'Architekti chtějí zachovat cihlové zdi i ocelové příhradové nosníky. Uvnitř vznikne studovna, dětský koutek a prostor pro přednášky a výstavy.',
 'Rekonstrukce by měla trvat zhruba osmnáct měsíců. Část nákladů pokryje dotace z krajského programu na podporu veřejných knihoven.',
 'Místní si dlouho stěžovali, že v okolí chybí místo, kde by mohly děti trávit odpoledne. Nejbližší pobočka knihovny je vzdálená tři zastávky autobusem.',
 'Otevření je plánováno na jaro a do té doby se ve vozovně uskuteční několik venkovních koncertů.'], 'ltr')
L['sk'] = ('Mestské noviny', 'V starej sýpke otvorili komunitnú knižnicu', [
 'V zrekonštruovanej sýpke na okraji starého mesta tento týždeň otvorili komunitnú knižnicu. Na policiach je približne päťtisíc kníh, väčšinu z nich darovali obyvatelia okolia.',
 'Knižnicu prevádzkujú dobrovoľníci a otvorená je v pracovné dni od desiatej do siedmej večer. Požičiavanie je bezplatné a nevyžaduje sa čitateľský preukaz.',
 'Nápad vznikol po tom, ako minulý rok zatvorili pobočku mestskej knižnice. Rodičia hľadali miesto, kde by deti mohli po škole v pokoji čítať a písať úlohy.',
 'V sobotu sa konajú čítania rozprávok pre najmenších a raz za mesiac burza kníh. Podľa organizátorov si pri prvej burze vymenili ľudia niekoľko stoviek kníh.',
 'Mesto avizovalo, že od budúceho roka prispeje na prevádzku knižnice.'], 'ltr')
L['fi'] = ('Kaupunkiuutiset', 'Vanhaan makasiiniin avautui lähikirjasto', [
 'Satama-alueen vanhaan makasiiniin avautui tällä viikolla uusi lähikirjasto. Hyllyillä on noin kuusituhatta kirjaa, joista suurin osa on alueen asukkaiden lahjoittamia.',
 'Kirjastoa pyörittävät vapaaehtoiset, ja se on auki arkisin kymmenestä seitsemään. Lainaaminen on maksutonta, eikä kirjastokorttia tarvita.',
 'Ajatus syntyi, kun kaupunginosan oma kirjasto suljettiin viime vuonna. Moni vanhempi kaipasi paikkaa, jossa lapset voisivat lukea rauhassa koulun jälkeen.',
 'Lauantaisin kirjastossa järjestetään satutunteja pienille, ja kerran kuussa pidetään kirjanvaihtotori. Järjestäjien mukaan ensimmäisellä kerralla vaihtoon meni satoja kirjoja.',
 'Kaupunki on luvannut tukea kirjaston toimintaa ensi vuoden alusta.'], 'ltr')
L['sv'] = ('Stadsnytt', 'Nytt kvartersbibliotek i det gamla magasinet', [
 'I det gamla hamnmagasinet öppnade i veckan ett nytt kvartersbibliotek. På hyllorna står omkring sextusen böcker, de flesta skänkta av boende i området.',
 'Biblioteket drivs av frivilliga och har öppet vardagar mellan tio och sju. Det är gratis att låna och inget lånekort behövs, det räcker att skriva upp sitt namn.',
 'Idén föddes när stadsdelens eget bibliotek stängde förra året. Många föräldrar saknade en lugn plats där barnen kunde läsa och göra läxor efter skolan.',
 'På lördagar hålls sagostunder för de minsta och en gång i månaden ordnas bokbyte. Enligt arrangörerna bytte flera hundra böcker ägare redan första gången.',
 'Kommunen har lovat att bidra till driften från och med nästa år.'], 'ltr')
L['uk'] = ('Міські новини', 'У старому депо відкриють бібліотеку та коворкінг', [
 'Будівлю колишнього трамвайного депо на околиці міста передадуть під бібліотеку та коворкінг. Рішення ухвалили після громадських слухань, на яких мешканці підтримали проєкт більшістю голосів.',
 'Архітектори планують зберегти цегляні стіни та металеві ферми, а всередині облаштувати читальну залу, дитячу кімнату й відкритий простір для роботи.',
 'За словами представника міської ради, фінансування вже передбачено в бюджеті наступного року. Частину коштів виділить обласна програма підтримки публічних бібліотек.',
 'Місцеві жителі давно скаржилися, що в районі немає місця, де можна провести час із дітьми чи спокійно попрацювати. Найближча бібліотека розташована за сорок хвилин їзди автобусом.',
 'Відкриття нового простору заплановано на весну.'], 'ltr')
L['hi'] = ('नगर समाचार', 'पुराने बाज़ार में खुला सामुदायिक पुस्तकालय', [
 'शहर के पुराने बाज़ार में इस सप्ताह एक नया सामुदायिक पुस्तकालय खुला। अलमारियों में लगभग पाँच हज़ार किताबें रखी गई हैं, जिनमें से अधिकतर आसपास के निवासियों ने दान की हैं।',
 'पुस्तकालय को स्थानीय स्वयंसेवक चलाते हैं और यह सोमवार से शनिवार सुबह दस बजे से शाम सात बजे तक खुला रहता है। किताबें उधार लेना पूरी तरह निःशुल्क है।',
 'यह विचार तब आया जब पिछले साल मोहल्ले का सरकारी वाचनालय बंद हो गया। कई अभिभावक ऐसी जगह चाहते थे जहाँ बच्चे स्कूल के बाद शांति से पढ़ सकें।',
 'हर रविवार को छोटे बच्चों के लिए कहानी सुनाने का कार्यक्रम होता है, और महीने में एक बार पुस्तक विनिमय मेला लगता है।',
 'नगर निगम ने अगले वर्ष से पुस्तकालय को आर्थिक सहायता देने का आश्वासन दिया है।'], 'ltr')
L['th'] = ('ข่าวเมือง', 'ห้องสมุดชุมชนแห่งใหม่เปิดในตลาดเก่า', [
 'ห้องสมุดชุมชนแห่งใหม่เปิดให้บริการแล้วในอาคารไม้เก่าข้างตลาดสดกลางเมือง ภายในมีหนังสือราวห้าพันเล่ม ส่วนใหญ่ได้รับบริจาคจากคนในชุมชน',
 'ห้องสมุดดำเนินงานโดยอาสาสมัครในพื้นที่ เปิดทุกวันตั้งแต่สิบโมงเช้าถึงหนึ่งทุ่ม การยืมหนังสือไม่มีค่าใช้จ่ายและไม่ต้องสมัครสมาชิก',
 'แนวคิดนี้เกิดขึ้นหลังจากห้องสมุดประจำเขตปิดปรับปรุงเมื่อปีที่แล้ว ผู้ปกครองหลายคนต้องการสถานที่เงียบสงบให้ลูกได้อ่านหนังสือหลังเลิกเรียน',
 'ทุกวันเสาร์จะมีกิจกรรมเล่านิทานสำหรับเด็กเล็ก และเดือนละครั้งจะมีตลาดนัดแลกเปลี่ยนหนังสือ',
 'เทศบาลแจ้งว่าจะสนับสนุนงบประมาณในการดูแลห้องสมุดตั้งแต่ปีหน้าเป็นต้นไป'], 'ltr')
L['vi'] = ('Tin Phố', 'Thư viện cộng đồng mới mở trong khu chợ cũ', [
 'Một thư viện cộng đồng vừa mở cửa trong dãy nhà cũ cạnh khu chợ trung tâm. Trên kệ có khoảng năm nghìn cuốn sách, phần lớn do người dân trong khu phố quyên góp.',
 'Thư viện do các tình nguyện viên địa phương vận hành, mở cửa từ mười giờ sáng đến bảy giờ tối các ngày trong tuần. Việc mượn sách hoàn toàn miễn phí.',
 'Ý tưởng ra đời sau khi thư viện quận đóng cửa để sửa chữa vào năm ngoái. Nhiều phụ huynh mong có một nơi yên tĩnh để con em đọc sách sau giờ học.',
 'Vào sáng thứ Bảy có buổi kể chuyện cho trẻ nhỏ, và mỗi tháng một lần có phiên chợ trao đổi sách cũ.',
 'Ủy ban phường cho biết sẽ hỗ trợ kinh phí duy trì thư viện từ năm sau.'], 'ltr')
L['id'] = ('Kabar Kota', 'Perpustakaan komunitas dibuka di bekas gudang pasar', [
 'Sebuah perpustakaan komunitas baru dibuka pekan ini di bekas gudang pasar lama. Rak-raknya berisi sekitar lima ribu buku, sebagian besar sumbangan warga sekitar.',
 'Perpustakaan dikelola oleh relawan setempat dan buka setiap hari pukul sepuluh pagi hingga tujuh malam. Peminjaman buku gratis dan tidak memerlukan kartu anggota.',
 'Gagasan ini muncul setelah taman bacaan kelurahan ditutup tahun lalu. Banyak orang tua mencari tempat yang tenang agar anak-anak bisa membaca sepulang sekolah.',
 'Setiap Sabtu pagi ada kegiatan mendongeng untuk anak-anak, dan sebulan sekali digelar bazar tukar buku bekas.',
 'Pemerintah kota berjanji akan membantu biaya operasional perpustakaan mulai tahun depan.'], 'ltr')
L['ro'] = ('Știri Locale', 'O bibliotecă de cartier s-a deschis în vechea hală', [
 'În vechea hală a pieței din centru s-a deschis săptămâna aceasta o bibliotecă de cartier. Pe rafturi se află aproximativ cinci mii de cărți, cele mai multe donate de locuitorii din zonă.',
 'Biblioteca este administrată de voluntari și este deschisă în zilele lucrătoare între orele zece și nouăsprezece. Împrumutul este gratuit și nu este nevoie de permis de cititor.',
 'Ideea a apărut după ce filiala bibliotecii municipale s-a închis anul trecut. Mulți părinți căutau un loc liniștit în care copiii să poată citi după școală.',
 'Sâmbăta au loc ore de povești pentru cei mici, iar o dată pe lună se organizează un târg de schimb de cărți.',
 'Primăria a anunțat că va sprijini funcționarea bibliotecii începând de anul viitor.'], 'ltr')
L['hr'] = ('Gradske vijesti', 'U starom skladištu otvorena kvartovska knjižnica', [
 'U obnovljenom skladištu uz staru luku ovaj je tjedan otvorena nova kvartovska knjižnica. Na policama se nalazi oko pet tisuća knjiga, većinom donacije stanovnika kvarta.',
 'Knjižnicu vode volonteri, a otvorena je radnim danom od deset do devetnaest sati. Posudba je besplatna i nije potrebna članska iskaznica.',
 'Ideja je nastala nakon što je prošle godine zatvoren ogranak gradske knjižnice. Mnogi roditelji tražili su mirno mjesto gdje djeca mogu čitati nakon škole.',
 'Subotom se održavaju pričaonice za najmlađe, a jednom mjesečno sajam razmjene knjiga.',
 'Grad je najavio da će od iduće godine sufinancirati rad knjižnice.'], 'ltr')
L['bg'] = ('Градски новини', 'Квартална библиотека отвори врати в старото тържище', [
 'В ремонтираната сграда на старото тържище тази седмица отвори врати нова квартална библиотека. На рафтовете има около пет хиляди книги, повечето дарени от жителите на района.',
 'Библиотеката се поддържа от доброволци и работи в делнични дни от десет до седем вечерта. Заемането на книги е безплатно и не се изисква читателска карта.',
 'Идеята се появява, след като миналата година беше затворен клонът на общинската библиотека. Много родители търсеха спокойно място, където децата да четат след училище.',
 'В събота се провеждат четения на приказки за най-малките, а веднъж месечно се организира базар за размяна на книги.',
 'Общината обяви, че от следващата година ще подпомага издръжката на библиотеката.'], 'ltr')
L['lt'] = ('Miesto žinios', 'Senajame sandėlyje atidaryta bendruomenės biblioteka', [
 'Atnaujintame senajame uosto sandėlyje šią savaitę duris atvėrė nauja bendruomenės biblioteka. Lentynose – apie penkis tūkstančius knygų, daugumą jų padovanojo apylinkių gyventojai.',
 'Biblioteką prižiūri savanoriai, ji dirba darbo dienomis nuo dešimtos iki septintos valandos vakaro. Knygos skolinamos nemokamai, skaitytojo pažymėjimo nereikia.',
 'Idėja gimė, kai pernai buvo uždarytas miesto bibliotekos filialas. Daug tėvų ieškojo ramios vietos, kur vaikai po pamokų galėtų skaityti.',
 'Šeštadieniais vyksta pasakų valandėlės mažiesiems, o kartą per mėnesį rengiama knygų mainų mugė.',
 'Savivaldybė pažadėjo nuo kitų metų prisidėti prie bibliotekos išlaikymo.'], 'ltr')
