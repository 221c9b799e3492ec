/*global tarteaucitron */
/* min ready */
tarteaucitron.lang = {
    "middleBarHead": "☝️ 🍪",
    "adblock": "Benvenuto! Questo sito ti permette di attivare i servizi di terzi di tua scelta.",
    "adblock_call": "Disabilita il tuo adblocker per iniziare la navigazione.",
    "reload": "Aggiorna la pagina",
    
    "alertBigScroll": "Continuando a scorrere,",
    "alertBigClick": "Continuando a navigare nel sito,",
    "alertBig": "autorizzi l’utilizzo dei cookies inviati da domini di terze parti",
    
    "alertBigPrivacy": "Questo sito fa uso di cookies e ti consente di decidere se accettarli o rifiutarli",
    "alertSmall": "Gestione dei servizi",
    "acceptAll": "Ok, accetta tutto",
    "personalize": "Personalizza",
    "close": "Chiudi",
    "closeBanner": "Nascondi il banner dei cookie",

    "privacyUrl": "Politica sulla riservatezza",
    
    "all": "Preferenze per tutti i servizi",
    
    "info": "Tutela della privacy",
    "disclaimer": "Abilitando l'uso dei servizi di terze parti, accetti la ricezione dei cookies e l'uso delle tecnologie analitici necessarie al loro funzionamento.",
    "allow": "Consenti",
    "deny": "Blocca",
    "noCookie": "Questo servizio non invia nessun cookie",
    "useCookie": "Questo servizio puo' inviare",
    "useCookieCurrent": "Questo servizio ha inviato",
    "useNoCookie": "Questo servizio non ha inviato nessun cookie",
    "more": "Saperne di più",
    "source": "Vai al sito ufficiale",
    "credit": "Gestione dei cookies da tarteaucitron.js",
    "noServices": "Questo sito web non utilizza alcun cookie che richieda il tuo consenso.",

    "toggleInfoBox": "Mostra/nascondi informazioni sulla memorizzazione dei cookie",
    "title": "Pannello di gestione dei cookies",
    "cookieDetail": "Cookie detail for",
    "ourSite": "on our site",
    "modalWindow": "(finestra modale)",
    "newWindow": "(nuova finestra)",
    "allowAll": "Consenti tutti i cookie",
    "denyAll": "Rifiuta tutti i cookie",

    "icon": "Cookies",
    
    "fallback": "è disattivato",
    "allowed": "permesso",
    "disallowed": "non consentito",
    
    "ads": {
        "title": "Regie pubblicitarie",
        "details": "Le regie pubblicitarie producono redditi gestendo la commercializzazione degli spazi del sito dedicati alle campagne pubblicitarie"
    },
    "analytic": {
        "title": "Misura del pubblico",
        "details": "I servizi di misura del pubblico permettono di raccogliere le statistiche utili al miglioramento del sito"
    },
    "social": {
        "title": "Reti sociali",
        "details": "Le reti sociali permettono di migliorare l'aspetto conviviale del sito e di sviluppare la condivisione dei contenuti da parte degli utenti a fini promozionali."
    },
    "video": {
        "title": "Video",
        "details": "I servizi di condivisione di video permettono di arricchire il sito di contenuti multimediali e di aumentare la sua visibilità"
    },
    "comment": {
        "title": "Commenti",
        "details": "La gestione dei commenti utente aiuta a gestire la pubblicazione dei commenti e a lottare contro lo spamming"
    },
    "support": {
        "title": "Supporto",
        "details": "I servizi di supporto ti consentono di contattare la team del sito e di contribuire al suo miglioramento"
    },
    "api": {
        "title": "API",
        "details": "Le API permettono di implementare script diversi : geolocalizzazione, motori di ricerca, traduttori..."
    },
    "other": {
        "title": "Altro",
        "details": "Servizi per visualizzare contenuti web."
    },

    "google": {
        "title": "Consenso specifico per i servizi di Google",
        "details": "Google può utilizzare i tuoi dati per la misurazione dell'audience, le performance pubblicitarie o per offrirti annunci personalizzati."
    },
    
    "mandatoryTitle": "Cookies obbligatori",
    "mandatoryText": "Questo sito utilizza cookies necessari per il suo corretto funzionamento che non possono essere disattivati.",

    "save": "Salva",
    "ourpartners": "I nostri partner"
};
