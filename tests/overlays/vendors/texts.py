"""The page's own content of the vendor set, in each language: an article's heading and paragraphs.

Written for this set (not taken from the overlay corpus's templates): a short article on a neutral subject
per language, so that a page's own text is in the page's language and says nothing of cookies or ads.
"""

from __future__ import annotations

ARTICLES: dict[str, tuple[str, list[str]]] = {
    "en": ("How the river towns rebuilt their bridges", [
        "For most of the last century the river towns crossed the water on timber bridges that the spring "
        "floods took away every few decades. Each time the towns rebuilt them a little higher and a little "
        "wider, and each time the carpenters argued about the oak.",
        "The stone bridge at the lower ford changed that. Its five arches were laid over three dry summers by "
        "masons who came up the valley with their own tools, and it has stood through every flood since.",
        "Today the old toll house at its eastern end is a small museum. It keeps the masons' ledgers, a model "
        "of the centring that held each arch while the mortar set, and a great many photographs of high water.",
        "Visitors who walk across in the evening can still see the marks of the masons on the parapet stones, "
        "each a simple sign cut to show who had dressed the block and how much he was owed for it.",
    ]),
    "de": ("Wie die Stadtbibliothek ihr altes Gebäude zurückbekam", [
        "Fast vierzig Jahre lang war die Stadtbibliothek in einem ehemaligen Kaufhaus untergebracht, dessen "
        "Rolltreppen längst stillstanden. Die Leserinnen und Leser stiegen zwischen Regalen und Kleiderständern "
        "die Stufen hinauf.",
        "Als das alte Gebäude am Markt frei wurde, stimmte der Stadtrat nach langer Debatte für den Umzug. Die "
        "Sanierung dauerte drei Jahre, weil unter dem Putz Wandmalereien aus dem neunzehnten Jahrhundert lagen.",
        "Heute ist der große Lesesaal wieder offen, mit den restaurierten Fenstern und langen Tischen aus "
        "Eichenholz. Im Keller lagern die Zeitungsbände, die früher in einem Lager am Stadtrand standen.",
        "Die Bibliothek zählt seit der Eröffnung fast doppelt so viele Besuche wie vorher, und an Samstagen "
        "bilden sich vor der Kinderabteilung manchmal Schlangen bis auf die Treppe hinaus.",
    ]),
    "fr": ("Le marché couvert retrouve ses halles", [
        "Pendant des années, les commerçants du marché couvert ont travaillé sous des bâches tendues entre des "
        "poteaux provisoires, en attendant la restauration de la grande charpente métallique.",
        "Les travaux ont commencé par le démontage des verrières, pièce par pièce, pour remplacer les fers "
        "rongés par la rouille. Les ouvriers ont numéroté chaque élément avant de le descendre au sol.",
        "Aujourd'hui les halles ont retrouvé leur lumière. Les étals de fromages et de poissons ont repris leur "
        "place d'origine, et une petite école de cuisine occupe l'ancienne loge du gardien.",
        "Le samedi matin, la foule revient comme autrefois, et les anciens du quartier racontent aux plus jeunes "
        "comment on venait jadis y acheter les volailles vivantes.",
    ]),
    "es": ("El tranvía vuelve a subir la colina", [
        "Durante casi medio siglo, las vías del viejo tranvía quedaron cubiertas de asfalto y solo los vecinos "
        "más mayores recordaban el sonido de la campana en la cuesta del mercado.",
        "El proyecto de recuperación empezó con una asociación de aficionados que restauró un coche abandonado "
        "en un almacén municipal. Tardaron cuatro años en devolverle los asientos de madera y los faroles.",
        "Hoy la línea vuelve a funcionar los fines de semana, desde la plaza del puerto hasta el mirador de la "
        "colina, y los conductores son voluntarios que aprendieron el oficio con los antiguos tranviarios.",
        "En la cochera se puede visitar un pequeño taller donde se reparan las piezas, muchas de ellas "
        "fabricadas de nuevo a partir de los planos originales conservados en el archivo.",
    ]),
    "it": ("Il restauro della torre dell'orologio", [
        "Per più di vent'anni la torre dell'orologio della piazza è rimasta ferma sulle dieci e un quarto, da "
        "quando un fulmine aveva danneggiato il meccanismo e spezzato una delle lancette.",
        "Il restauro è stato affidato a una bottega di orologiai che ha smontato ogni ruota dentata e l'ha "
        "pulita a mano. Alcune parti mancanti sono state rifatte in ottone seguendo i disegni dell'epoca.",
        "Oggi le campane suonano di nuovo le ore e i quarti, e una volta al mese la torre è aperta ai "
        "visitatori che vogliono salire fino alla stanza del meccanismo.",
        "Gli abitanti più anziani dicono che la piazza è tornata quella di una volta, e i bambini della scuola "
        "vicina hanno imparato a leggere l'ora guardando il grande quadrante.",
    ]),
    "nl": ("Hoe de oude molen weer graan maalt", [
        "Jarenlang stond de korenmolen aan de rand van het dorp stil, met versleten wieken en een kap die bij "
        "elke storm verder scheef zakte. Alleen de vogels maakten er nog gebruik van.",
        "Een groep vrijwilligers begon met het herstellen van de kap en de as. Een molenmaker uit de buurt "
        "leerde hen hoe ze de houten tandwielen moesten afstellen zodat de stenen weer konden draaien.",
        "Sinds vorig voorjaar maalt de molen weer op zaterdag, en de bakker in de hoofdstraat verkoopt brood "
        "van het meel dat er wordt gemaakt.",
        "Schoolklassen komen op bezoek om te zien hoe de wind het werk doet, en de molenaar vertelt graag over "
        "de tijd dat er in de streek meer dan twintig molens draaiden.",
    ]),
    "pl": ("Jak odnowiono stary dworzec kolejowy", [
        "Przez wiele lat budynek starego dworca stał pusty, a pociągi zatrzymywały się tylko przy betonowym "
        "peronie bez dachu. Mieszkańcy miasta przyzwyczaili się do czekania na deszczu.",
        "Remont rozpoczął się od odtworzenia drewnianej wiaty i ceglanych ścian poczekalni. Konserwatorzy "
        "odnaleźli pod farbą dawne napisy z nazwami stacji i godzinami odjazdów.",
        "Dziś w poczekalni działa kawiarnia i mała biblioteka, a na piętrze mieści się izba pamięci z "
        "mundurami kolejarzy i starymi biletami kartonikowymi.",
        "W weekendy na bocznym torze stoi odrestaurowany parowóz, który można zwiedzać razem z przewodnikiem "
        "opowiadającym o historii linii.",
    ]),
    "pt": ("O regresso dos barcos ao velho cais", [
        "Durante muito tempo, o velho cais de madeira esteve fechado ao público, com tábuas partidas e "
        "avisos de perigo presos às grades. Os barcos de pesca atracavam noutro lado da baía.",
        "A reconstrução começou com o levantamento de cada estaca, algumas com mais de cem anos. Os "
        "carpinteiros navais usaram pinho tratado e seguiram as técnicas dos antigos construtores.",
        "Hoje o cais voltou a receber os barcos, e ao fim da tarde há quem venha comprar peixe diretamente "
        "aos pescadores, como se fazia antigamente.",
        "Na antiga casa do guarda abriu um pequeno museu com redes, remos e fotografias das famílias que "
        "viveram da pesca durante gerações.",
    ]),
}
