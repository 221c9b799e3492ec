/*global tarteaucitron */
/* min ready */
tarteaucitron.lang = {
    "middleBarHead": "☝️ 🍪",
    "adblock": "Olá! Em uma ação de transparência, este site permite que você escolha quais serviços de terceiros ativar.",
    "adblock_call": "Por favor, desative seu bloqueador de publicidades para poder personalizar.",
    "reload": "Atualizar esta página",
    
    "alertBigScroll": "Ao continuar a rolar,",
    "alertBigClick": "Se você continuar a navegação neste site,",
    "alertBig": "você estará aceitando todos os serviços de terceiros",
    
    "alertBigPrivacy": "Este site utiliza cookies e dá-lhe controle sobre o que quer ativar",
    "alertSmall": "Gerenciar serviços",
    "personalize": "Personalizar",
    "acceptAll": "OK, aceitar tudo",
    "close": "Fechar",
    "closeBanner": "Ocultar banner de cookies",

    "privacyUrl": "Política de Privacidade",

    "all": "Definições dos serviços",
    "info": "Proteger sua privacidade",
    "disclaimer": "Ao aceitar os serviços terceiros, você aceita o uso de cookies em conjunto a tecnologias de rastreamento que lhe são necessárias para funcionar",
    "allow": "Autorizar",
    "deny": "Recusar",
    "noCookie": "Este serviço não usa cookies.",
    "useCookie": "Este serviço pode instalar",
    "useCookieCurrent": "Este serviço instalou",
    "useNoCookie": "Este serviço não instalou nenhum cookie.",
    "more": "Ler mais",
    "source": "Ver o site oficial",
    "credit": "Gerenciador de cookies por tarteaucitron.js",
    "noServices": "Este site não utiliza nenhum cookie que exija o seu consentimento.",

    "toggleInfoBox": "Mostrar/ocultar informações sobre armazenamento de cookies",
    "title": "Painel de Gerenciamento de Cookies",
    "cookieDetail": "Detalhe do Cookie",
    "ourSite": "em nosso site",
    "modalWindow": "(janela modal)",
    "newWindow": "(janela nova)",
    "allowAll": "Permite todos os cookies",
    "denyAll": "Proíbe todos cookies",

    "icon": "Cookies",

    "fallback": "está desativado.",
    "allowed": "permitido",
    "disallowed": "não permitido",
    
    "ads": {
        "title": "Redes de anúncios",
        "details": "As redes de anúncios podem gerar receitas com a venda de espaço publicitário no site."
    },
    "analytic": {
        "title": "Medição de audiência",
        "details": "Serviços de medição de audiência usados para gerar estatísticas no intuito de melhorar o site."
    },
    "social": {
        "title": "Redes sociais",
        "details": "Redes sociais podem melhorar a utilização do site e ajudar a promovê-lo via compartilhamentos."
    },
    "video": {
        "title": "Vídeos",
        "details": "Serviços de compartilhamento de vídeo adicionam medias no site a aumentam sua visibilidade."
    },
    "comment": {
        "title": "Comentários",
        "details": "Gerenciadores de comentários facilitam o sistema de comentários e lutam contra o spam."
    },
    "support": {
        "title": "Suporte",
        "details": "Serviços de suporte lhe ajudam a entrar em contato com a equipe de suporte."
    },
    "api": {
        "title": "APIs",
        "details": "APIs são usadas para carregar scripts: geolocalização, motores de pesquisa, traduções..."
    },
    "other": {
        "title": "De outros",
        "details": "Serviços para exibir conteúdo da web."
    },

    "google": {
        "title": "Consentimento específico para os serviços do Google",
        "details": "O Google pode usar seus dados para medição de audiência, desempenho de publicidade ou para oferecer anúncios personalizados."
    },
    
    "mandatoryTitle": "Cookies obrigatórios",
    "mandatoryText": "Este site utiliza alguns cookies que são necessários ao seu funcionamento e não podem ser desativados.",

    "save": "Guardar",
    "ourpartners": "Os nossos parceiros"
};
