/*global tarteaucitron */
/* min ready */
tarteaucitron.lang = {
    "middleBarHead": "☝️ 🍪",
    "adblock": "¡Hola! Este sitio web es transparente y te da la opción de activar los servicios de terceros.",
    "adblock_call": "Por favor deshabilita tu AdBlocker para empezar a personalizar los servicios.",
    "reload": "Actualizar esta página",
    
    "alertBigScroll": "Al continuar desplazándote,",
    "alertBigClick": "Si continuas navegando por este sitio web,",
    "alertBig": "estás permitiendo servicios terceros",
    
    "alertBigPrivacy": "Este sitio web usa cookies y te permite controlar las que deseas activar",
    "alertSmall": "Gestionar servicios",
    "personalize": "Personalizar",
    "acceptAll": "OK, aceptar todas",
    "close": "Cerrar",
    "closeBanner": "Ocultar la banner de cookies",

    "privacyUrl": "Política de privacidad",
    
    "all": "Ajustes para todos los servicios",

    "info": "Protegiendo tu privacidad",
    "disclaimer": "Aceptando estos servicios de terceros, estás aceptando sus cookies y el uso de tecnologías de rastreo necesarias para su correcto funcionamiento.",
    "allow": "Permitir",
    "deny": "Denegar",
    "noCookie": "Este servicio no usa cookies.",
    "useCookie": "Este servicio puede instalar",
    "useCookieCurrent": "Este servicio ha instalado",
    "useNoCookie": "Este servicio no ha instalado ninguna cookie.",
    "more": "Leer más",
    "source": "Ver sitio web oficial",
    "credit": "Gestor de cookies realizado por tarteaucitron.js",
    "noServices": "Este sitio web no utiliza ninguna cookie que requiera su consentimiento.",

    "toggleInfoBox": "Mostrar/ocultar información sobre almacenamiento de cookies",
    "title": "Panel de gestión de cookies",
    "cookieDetail": "Detalles de las cookies para",
    "ourSite": "en nuestra web",
    "modalWindow": "(ventana modal)",
    "newWindow": "(ventana nueva)",
    "allowAll": "Permitir todas las cookies",
    "denyAll": "Denegar todas las cookies",

    "icon": "Cookies",
    
    "fallback": "está deshabilitado.",
    "allowed": "permitido",
    "disallowed": "rechazado",

    "ads": {
        "title": "Red de publicidad",
        "details": "Las redes publicitarias pueden generar ingresos mediante la venta de espacios publicitarios en el sitio."
    },
    "analytic": {
        "title": "Medición de audiencia",
        "details": "Los servicios de medición de audiencia se usan para generar estadísticas útiles para mejorar el sitio."
    },
    "social": {
        "title": "Redes sociales",
        "details": "Las redes sociales pueden aumentar la usabilidad del sitio web y ayudar a promoverlo a través de la contribución."
    },
    "video": {
        "title": "Videos",
        "details": "Los servicios para compartir videos ayudan a añadir contenido enriquecido en el sitio web y aumentar su visibilidad."
    },
    "comment": {
        "title": "Comentarios",
        "details": "El gestor de comentarios facilita la clasificación de comentarios y luchar contra spam."
    },
    "support": {
        "title": "Soporte",
        "details": "Los servicios de soporte te permiten contactar con el sitio web y ayudar a mejorarlo."
    },
    "api": {
        "title": "APIs",
        "details": "APIs se utilizan para cargar scripts: geolocalización, motor de búsqueda, traducciones, ..."
    },
    "other": {
        "title": "Otro",
        "details": "Servicios para mostrar contenido web."
    },

    "google": {
        "title": "Consentimiento específico para los servicios de Google",
        "details": "Google puede utilizar tus datos para la medición de audiencia, rendimiento publicitario o para ofrecerte anuncios personalizados."
    },
    
    "mandatoryTitle": "Cookies obligatorias",
    "mandatoryText": "Este sitio utiliza cookies necesarias para su correcto funcionamiento que no se pueden desactivar.",

    "save": "Guardar",
    "ourpartners": "Nuestros socios"
};
