"""The words of the corpus pages, in the eight languages the overlay model must read."""

LANGS = ("en", "de", "fr", "es", "it", "nl", "pt", "pl")

T: dict[str, dict[str, str]] = {
    "en": dict(
        cookie_title="We value your privacy",
        cookie_body="We and our partners use cookies and similar technologies to store and access personal data "
                    "on your device, to measure audiences and to show personalised content.",
        accept="Accept all", reject="Reject all", save="Save", settings="Manage preferences",
        news_title="Join our newsletter", news_body="Get the best stories in your inbox every week and 10% off "
                   "your first order.", email="Your e-mail address", subscribe="Subscribe", no_thanks="No thanks",
        pay_title="You have reached your limit of free articles",
        pay_body="Subscribe now for unlimited access to all our journalism.", pay_button="Subscribe for $1",
        chat="Chat with us", chat_body="Hi there! How can we help you today?", chat_send="Send",
        app="Open in the app", app_body="Get the app for a better experience on your phone.", app_button="Install",
        ad="Advertisement", promo_title="Special offer", promo_body="Take 20% off everything this weekend only.",
        promo_button="Shop now",
        headline="How the city rebuilt its old harbour", home="Home", news="News", sport="Sport",
        culture="Culture", contact="Contact", signin="Sign in", password="Password", login="Log in",
        forgot="Forgot your password?", policy_title="Cookie policy",
        policy_body="This cookie policy explains how we use cookies and similar tracking technologies when you "
                    "visit our website. You can withdraw your consent at any time in the privacy settings.",
        top="Back to top", cart="Add to cart", price="Price", footer="All rights reserved", toc="Contents",
        start="Get started", menu="Menu", search="Search",
        para="The harbour was closed for almost twenty years before the council decided to open it again. "
             "Engineers spent three summers repairing the walls, and the first ferry arrived last spring. "
             "Today the quay is full of markets, cyclists and families who come to watch the boats.",
    ),
    "de": dict(
        cookie_title="Wir respektieren Ihre Privatsphäre",
        cookie_body="Wir und unsere Partner verwenden Cookies und ähnliche Technologien, um personenbezogene "
                    "Daten auf Ihrem Gerät zu speichern. Mit Ihrer Einwilligung zeigen wir Ihnen passende Inhalte.",
        accept="Alle akzeptieren", reject="Ablehnen", save="Speichern", settings="Einstellungen",
        news_title="Unser Newsletter", news_body="Die besten Geschichten jede Woche in Ihrem Postfach und 10 % "
                   "Rabatt auf Ihre erste Bestellung.", email="Ihre E-Mail-Adresse", subscribe="Jetzt abonnieren",
        no_thanks="Nein danke",
        pay_title="Sie haben Ihr Limit an kostenlosen Artikeln erreicht",
        pay_body="Jetzt abonnieren und unbegrenzt weiterlesen.", pay_button="Abo für 1 €",
        chat="Mit uns chatten", chat_body="Hallo! Wie können wir helfen?", chat_send="Senden",
        app="In der App öffnen", app_body="Laden Sie unsere App für ein besseres Erlebnis.", app_button="Installieren",
        ad="Anzeige", promo_title="Sonderangebot", promo_body="Nur dieses Wochenende 20 % Rabatt auf alles.",
        promo_button="Jetzt einkaufen",
        headline="Wie die Stadt ihren alten Hafen wieder aufbaute", home="Startseite", news="Nachrichten",
        sport="Sport", culture="Kultur", contact="Kontakt", signin="Anmelden", password="Passwort",
        login="Einloggen", forgot="Passwort vergessen?", policy_title="Cookie-Richtlinie",
        policy_body="Diese Cookie-Richtlinie erklärt, wie wir Cookies und ähnliche Technologien einsetzen. "
                    "Sie können Ihre Einwilligung jederzeit in den Datenschutz-Einstellungen widerrufen.",
        top="Nach oben", cart="In den Warenkorb", price="Preis", footer="Alle Rechte vorbehalten",
        toc="Inhalt", start="Loslegen", menu="Menü", search="Suche",
        para="Der Hafen war fast zwanzig Jahre geschlossen, bevor der Stadtrat beschloss, ihn wieder zu öffnen. "
             "Ingenieure reparierten drei Sommer lang die Mauern, und die erste Fähre kam im letzten Frühjahr an. "
             "Heute ist der Kai voller Märkte, Radfahrer und Familien, die den Booten zusehen.",
    ),
    "fr": dict(
        cookie_title="Nous respectons votre vie privée",
        cookie_body="Nos partenaires et nous utilisons des cookies et des traceurs pour stocker des données "
                    "personnelles sur votre appareil. Avec votre consentement, nous personnalisons le contenu.",
        accept="Tout accepter", reject="Continuer sans accepter", save="Enregistrer", settings="Paramétrer",
        news_title="Inscrivez-vous à la newsletter", news_body="Recevez nos meilleurs articles chaque semaine et "
                   "10 % de réduction sur votre première commande.", email="Votre adresse e-mail",
        subscribe="S'abonner", no_thanks="Non merci",
        pay_title="Vous avez atteint la limite d'articles gratuits",
        pay_body="Abonnez-vous pour un accès illimité à tous nos articles.", pay_button="S'abonner pour 1 €",
        chat="Discuter avec nous", chat_body="Bonjour ! Comment pouvons-nous vous aider ?", chat_send="Envoyer",
        app="Ouvrir dans l'application", app_body="Téléchargez l'application pour une meilleure expérience.",
        app_button="Installer", ad="Publicité", promo_title="Offre spéciale",
        promo_body="20 % de réduction sur tout, ce week-end seulement.", promo_button="Acheter",
        headline="Comment la ville a reconstruit son vieux port", home="Accueil", news="Actualités",
        sport="Sport", culture="Culture", contact="Contact", signin="Connexion", password="Mot de passe",
        login="Se connecter", forgot="Mot de passe oublié ?", policy_title="Politique relative aux cookies",
        policy_body="Cette politique explique comment nous utilisons les cookies et les traceurs. Vous pouvez "
                    "retirer votre consentement à tout moment dans les paramètres de confidentialité.",
        top="Haut de page", cart="Ajouter au panier", price="Prix", footer="Tous droits réservés",
        toc="Sommaire", start="Commencer", menu="Menu", search="Rechercher",
        para="Le port est resté fermé pendant près de vingt ans avant que la mairie ne décide de le rouvrir. "
             "Les ingénieurs ont réparé les murs pendant trois étés et le premier ferry est arrivé au printemps. "
             "Aujourd'hui, le quai est rempli de marchés, de cyclistes et de familles.",
    ),
    "es": dict(
        cookie_title="Respetamos tu privacidad",
        cookie_body="Nosotros y nuestros socios utilizamos cookies para almacenar datos personales en tu "
                    "dispositivo. Con tu consentimiento mostramos contenido personalizado.",
        accept="Aceptar todo", reject="Rechazar", save="Guardar", settings="Configurar",
        news_title="Suscríbete a nuestro boletín", news_body="Recibe las mejores historias cada semana y un 10 % de "
                   "descuento en tu primer pedido.", email="Tu correo electrónico", subscribe="Suscribirme",
        no_thanks="No gracias",
        pay_title="Has alcanzado el límite de artículos gratuitos",
        pay_body="Suscríbete para tener acceso ilimitado.", pay_button="Suscríbete por 1 €",
        chat="Chatea con nosotros", chat_body="¡Hola! ¿En qué podemos ayudarte?", chat_send="Enviar",
        app="Abrir en la app", app_body="Descarga la app para una mejor experiencia.", app_button="Instalar",
        ad="Publicidad", promo_title="Oferta especial", promo_body="20 % de descuento en todo solo este fin de semana.",
        promo_button="Comprar",
        headline="Cómo la ciudad reconstruyó su antiguo puerto", home="Inicio", news="Noticias", sport="Deportes",
        culture="Cultura", contact="Contacto", signin="Iniciar sesión", password="Contraseña", login="Entrar",
        forgot="¿Olvidaste tu contraseña?", policy_title="Política de cookies",
        policy_body="Esta política explica cómo usamos las cookies. Puedes retirar tu consentimiento en cualquier "
                    "momento en la configuración de privacidad.",
        top="Volver arriba", cart="Añadir al carrito", price="Precio", footer="Todos los derechos reservados",
        toc="Índice", start="Empezar", menu="Menú", search="Buscar",
        para="El puerto estuvo cerrado casi veinte años antes de que el ayuntamiento decidiera reabrirlo. "
             "Los ingenieros repararon los muros durante tres veranos y el primer ferry llegó en primavera. "
             "Hoy el muelle está lleno de mercados, ciclistas y familias.",
    ),
    "it": dict(
        cookie_title="Rispettiamo la tua privacy",
        cookie_body="Noi e i nostri partner utilizziamo cookie per archiviare dati personali sul tuo dispositivo. "
                    "Con il tuo consenso mostriamo contenuti personalizzati.",
        accept="Accetta tutto", reject="Rifiuta", save="Salva", settings="Personalizza",
        news_title="Iscriviti alla newsletter", news_body="Ricevi le storie migliori ogni settimana e uno sconto del "
                   "10 % sul primo ordine.", email="Il tuo indirizzo e-mail", subscribe="Iscriviti",
        no_thanks="No grazie",
        pay_title="Hai raggiunto il limite di articoli gratuiti",
        pay_body="Abbonati per un accesso illimitato.", pay_button="Abbonati a 1 €",
        chat="Chatta con noi", chat_body="Ciao! Come possiamo aiutarti?", chat_send="Invia",
        app="Apri nell'app", app_body="Scarica l'app per un'esperienza migliore.", app_button="Installa",
        ad="Pubblicità", promo_title="Offerta speciale", promo_body="Sconto del 20 % su tutto solo questo weekend.",
        promo_button="Acquista",
        headline="Come la città ha ricostruito il vecchio porto", home="Home", news="Notizie", sport="Sport",
        culture="Cultura", contact="Contatti", signin="Accedi", password="Password", login="Entra",
        forgot="Password dimenticata?", policy_title="Informativa sui cookie",
        policy_body="Questa informativa spiega come usiamo i cookie. Puoi revocare il consenso in qualsiasi "
                    "momento nelle impostazioni sulla riservatezza.",
        top="Torna su", cart="Aggiungi al carrello", price="Prezzo", footer="Tutti i diritti riservati",
        toc="Indice", start="Inizia", menu="Menu", search="Cerca",
        para="Il porto è rimasto chiuso per quasi vent'anni prima che il comune decidesse di riaprirlo. "
             "Gli ingegneri hanno riparato le mura per tre estati e il primo traghetto è arrivato in primavera. "
             "Oggi la banchina è piena di mercati, ciclisti e famiglie.",
    ),
    "nl": dict(
        cookie_title="Wij respecteren je privacy",
        cookie_body="Wij en onze partners gebruiken cookies om persoonsgegevens op je apparaat op te slaan. "
                    "Met je toestemming tonen we gepersonaliseerde inhoud.",
        accept="Alles accepteren", reject="Weigeren", save="Opslaan", settings="Instellingen",
        news_title="Schrijf je in voor de nieuwsbrief", news_body="Ontvang elke week de beste verhalen en 10 % "
                   "korting op je eerste bestelling.", email="Je e-mailadres", subscribe="Inschrijven",
        no_thanks="Nee bedankt",
        pay_title="Je hebt je limiet van gratis artikelen bereikt",
        pay_body="Neem een abonnement voor onbeperkte toegang.", pay_button="Abonneer voor € 1",
        chat="Chat met ons", chat_body="Hoi! Hoe kunnen we je helpen?", chat_send="Versturen",
        app="Open in de app", app_body="Download de app voor een betere ervaring.", app_button="Installeren",
        ad="Advertentie", promo_title="Speciale aanbieding", promo_body="Alleen dit weekend 20 % korting op alles.",
        promo_button="Shop nu",
        headline="Hoe de stad haar oude haven herbouwde", home="Home", news="Nieuws", sport="Sport",
        culture="Cultuur", contact="Contact", signin="Inloggen", password="Wachtwoord", login="Inloggen",
        forgot="Wachtwoord vergeten?", policy_title="Cookiebeleid",
        policy_body="Dit cookiebeleid legt uit hoe wij cookies gebruiken. Je kunt je toestemming altijd intrekken "
                    "in de privacy-instellingen.",
        top="Naar boven", cart="In winkelwagen", price="Prijs", footer="Alle rechten voorbehouden",
        toc="Inhoud", start="Aan de slag", menu="Menu", search="Zoeken",
        para="De haven was bijna twintig jaar gesloten voordat de gemeente besloot haar weer te openen. "
             "Ingenieurs herstelden drie zomers lang de muren en de eerste veerboot kwam afgelopen lente aan. "
             "Vandaag staat de kade vol markten, fietsers en gezinnen.",
    ),
    "pt": dict(
        cookie_title="Respeitamos a sua privacidade",
        cookie_body="Nós e os nossos parceiros utilizamos cookies para armazenar dados pessoais no seu "
                    "dispositivo. Com o seu consentimento mostramos conteúdo personalizado.",
        accept="Aceitar todos", reject="Rejeitar", save="Guardar", settings="Configurar",
        news_title="Assine a nossa newsletter", news_body="Receba as melhores histórias todas as semanas e 10 % de "
                   "desconto na primeira compra.", email="O seu e-mail", subscribe="Assinar",
        no_thanks="Não, obrigado",
        pay_title="Atingiu o limite de artigos gratuitos",
        pay_body="Assine para ter acesso ilimitado.", pay_button="Assine por 1 €",
        chat="Fale connosco", chat_body="Olá! Como podemos ajudar?", chat_send="Enviar",
        app="Abrir no app", app_body="Descarregue o app para uma experiência melhor.", app_button="Instalar",
        ad="Publicidade", promo_title="Oferta especial", promo_body="20 % de desconto em tudo só este fim de semana.",
        promo_button="Comprar",
        headline="Como a cidade reconstruiu o seu antigo porto", home="Início", news="Notícias", sport="Desporto",
        culture="Cultura", contact="Contacto", signin="Entrar", password="Palavra-passe", login="Entrar",
        forgot="Esqueceu a palavra-passe?", policy_title="Política de cookies",
        policy_body="Esta política explica como usamos cookies. Pode retirar o seu consentimento a qualquer "
                    "momento nas definições de privacidade.",
        top="Voltar ao topo", cart="Adicionar ao carrinho", price="Preço", footer="Todos os direitos reservados",
        toc="Índice", start="Começar", menu="Menu", search="Pesquisar",
        para="O porto esteve fechado durante quase vinte anos antes de a câmara decidir reabri-lo. "
             "Os engenheiros repararam os muros durante três verões e o primeiro ferry chegou na primavera. "
             "Hoje o cais está cheio de mercados, ciclistas e famílias.",
    ),
    "pl": dict(
        cookie_title="Szanujemy Twoją prywatność",
        cookie_body="My i nasi partnerzy używamy plików cookie, aby przechowywać dane osobowe na Twoim "
                    "urządzeniu. Za Twoją zgodą pokazujemy spersonalizowane treści.",
        accept="Akceptuj wszystkie", reject="Odrzuć", save="Zapisz", settings="Ustawienia",
        news_title="Zapisz się do newslettera", news_body="Otrzymuj najlepsze artykuły co tydzień i 10 % rabatu na "
                   "pierwsze zamówienie.", email="Twój adres e-mail", subscribe="Zapisz się",
        no_thanks="Nie, dziękuję",
        pay_title="Wykorzystałeś limit darmowych artykułów",
        pay_body="Wykup prenumeratę, aby mieć nieograniczony dostęp.", pay_button="Prenumerata za 1 zł",
        chat="Czat z nami", chat_body="Cześć! Jak możemy pomóc?", chat_send="Wyślij",
        app="Otwórz w aplikacji", app_body="Pobierz aplikację, aby korzystać wygodniej.", app_button="Zainstaluj",
        ad="Reklama", promo_title="Oferta specjalna", promo_body="20 % rabatu na wszystko tylko w ten weekend.",
        promo_button="Kup teraz",
        headline="Jak miasto odbudowało swój stary port", home="Strona główna", news="Wiadomości", sport="Sport",
        culture="Kultura", contact="Kontakt", signin="Zaloguj się", password="Hasło", login="Zaloguj",
        forgot="Nie pamiętasz hasła?", policy_title="Polityka plików cookie",
        policy_body="Ta polityka wyjaśnia, jak używamy plików cookie. Możesz wycofać zgodę w dowolnym momencie "
                    "w ustawieniach prywatności.",
        top="Do góry", cart="Dodaj do koszyka", price="Cena", footer="Wszelkie prawa zastrzeżone",
        toc="Spis treści", start="Zacznij", menu="Menu", search="Szukaj",
        para="Port był zamknięty przez prawie dwadzieścia lat, zanim rada miasta postanowiła go ponownie otworzyć. "
             "Inżynierowie przez trzy lata naprawiali mury, a pierwszy prom przypłynął wiosną. "
             "Dziś nabrzeże jest pełne targów, rowerzystów i rodzin.",
    ),
}
