<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>ButtonTexts</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>&amp;Oui</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>&amp;Non</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Ne pas enregistrer</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Appliquer</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Aide</translation>
    </message>
</context>
<context>
    <name>ConnectProbe</name>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>Connexion impossible à %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Cannot connect to %1: no answer within %2 s</source>
        <translation>Connexion impossible à %1&#xa0;: pas de réponse en %2 s</translation>
    </message>
</context>
<context>
    <name>DesktopOpener</name>
    <message>
        <source>No File Manager</source>
        <translation>Aucun gestionnaire de fichiers</translation>
    </message>
    <message>
        <source>No Web Browser</source>
        <translation>Aucun navigateur web</translation>
    </message>
    <message>
        <source>No file manager could be started to show this folder:</source>
        <translation>Aucun gestionnaire de fichiers n’a pu être lancé pour afficher ce dossier :</translation>
    </message>
    <message>
        <source>No web browser could be started to open this address:</source>
        <translation>Aucun navigateur web n’a pu être lancé pour ouvrir cette adresse :</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <source>Host header:            %1
</source>
        <translation>En-tête Host&#xa0;:          %1
</translation>
    </message>
    <message>
        <source>Method:                 %1
</source>
        <translation>Méthode&#xa0;:               %1
</translation>
    </message>
    <message>
        <source>Request header:         %1: %2
</source>
        <translation>En-tête de requête&#xa0;:    %1: %2
</translation>
    </message>
    <message>
        <source>Request body:           %1 bytes
</source>
        <translation>Corps de requête&#xa0;:      %1 octets
</translation>
    </message>
    <message>
        <source>Request body:           %1 bytes, %2
</source>
        <translation>Corps de requête&#xa0;:      %1 octets, %2
</translation>
    </message>
    <message>
        <source>Rate:                   %1 requests/s (open model)
</source>
        <translation>Débit&#xa0;:                 %1 requêtes/s (modèle ouvert)
</translation>
    </message>
    <message>
        <source>Warm-up:                %1 (not counted)
</source>
        <translation>Préchauffage&#xa0;:          %1 (non compté)
</translation>
    </message>
    <message>
        <source>Timeout:                %1
</source>
        <translation>Délai d’attente&#xa0;:       %1
</translation>
    </message>
    <message>
        <source>Stages:                 %1 (open model)
</source>
        <translation>Paliers&#xa0;:               %1 (modèle ouvert)
</translation>
    </message>
</context>
<context>
    <name>SiteValidator</name>
    <message>
        <source>Enter a host name, such as example.test or 127.0.0.2.</source>
        <translation>Saisissez un nom d’hôte, par exemple example.test ou 127.0.0.2.</translation>
    </message>
    <message>
        <source>Enter the host name alone, without “http://”, a port or a path.</source>
        <translation>Saisissez le nom d’hôte seul, sans «&#xa0;http://&#xa0;», port ni chemin.</translation>
    </message>
    <message>
        <source>“%1” is not a valid IPv6 address.</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas une adresse IPv6 valide.</translation>
    </message>
    <message>
        <source>A host name has at most 253 characters.</source>
        <translation>Un nom d’hôte compte au plus 253 caractères.</translation>
    </message>
    <message>
        <source>A host name may contain only letters a-z, digits, hyphens and dots.</source>
        <translation>Un nom d’hôte ne peut contenir que des lettres a-z, des chiffres, des traits d’union et des points.</translation>
    </message>
    <message>
        <source>Each part between dots must have 1 to 63 characters.</source>
        <translation>Chaque partie entre deux points doit compter de 1 à 63 caractères.</translation>
    </message>
    <message>
        <source>A part of the name may not start or end with a hyphen.</source>
        <translation>Une partie du nom ne peut ni commencer ni finir par un trait d’union.</translation>
    </message>
    <message>
        <source>“%1” is neither a valid IPv4 address nor a host name.</source>
        <translation>«&#xa0;%1&#xa0;» n’est ni une adresse IPv4 valide ni un nom d’hôte.</translation>
    </message>
    <message>
        <source>Choose the folder whose files this site serves.</source>
        <translation>Choisissez le dossier dont ce site sert les fichiers.</translation>
    </message>
    <message>
        <source>Enter an absolute path.</source>
        <translation>Saisissez un chemin absolu.</translation>
    </message>
    <message>
        <source>This folder does not exist.</source>
        <translation>Ce dossier n’existe pas.</translation>
    </message>
    <message>
        <source>This is a file, not a folder.</source>
        <translation>Ceci est un fichier, pas un dossier.</translation>
    </message>
    <message>
        <source>This folder cannot be read.</source>
        <translation>Ce dossier ne peut pas être lu.</translation>
    </message>
    <message>
        <source>This folder is or contains the system folder %1, whose files must never be served: choose a folder of the site&apos;s own.</source>
        <translation>Ce dossier est ou contient le dossier système %1, dont les fichiers ne doivent jamais être servis : choisissez un dossier propre au site.</translation>
    </message>
    <message>
        <source>This folder is or contains Hostbench&apos;s data folder %1, whose database, keys and control token must never be served: choose a folder of the site&apos;s own.</source>
        <translation>Ce dossier est ou contient le dossier de données de Hostbench %1, dont la base de données, les clés et le jeton de contrôle ne doivent jamais être servis : choisissez un dossier propre au site.</translation>
    </message>
    <message>
        <source>This folder is inside Hostbench&apos;s data folder %1, whose files must never be served: choose a folder of the site&apos;s own, or one under %2.</source>
        <translation>Ce dossier se trouve dans le dossier de données de Hostbench %1, dont les fichiers ne doivent jamais être servis : choisissez un dossier propre au site, ou un dossier sous %2.</translation>
    </message>
    <message>
        <source>The site %1 is not served: its document root %2 is refused. %3</source>
        <translation>Le site %1 n’est pas servi : sa racine des documents %2 est refusée. %3</translation>
    </message>
    <message>
        <source>A route&apos;s path must start with “/”.</source>
        <translation>Le chemin d’une route doit commencer par «&#xa0;/&#xa0;».</translation>
    </message>
    <message>
        <source>A route&apos;s path may not contain blanks, “?” or “#”.</source>
        <translation>Le chemin d’une route ne peut contenir ni espaces, ni «&#xa0;?&#xa0;», ni «&#xa0;#&#xa0;».</translation>
    </message>
    <message>
        <source>A route&apos;s status must be between 100 and 599.</source>
        <translation>Le statut d’une route doit être compris entre 100 et 599.</translation>
    </message>
    <message>
        <source>A route&apos;s content type looks like “text/plain”.</source>
        <translation>Le type de contenu d’une route a la forme «&#xa0;text/plain&#xa0;».</translation>
    </message>
    <message>
        <source>“%1” is already used by the site %2.</source>
        <translation>«&#xa0;%1&#xa0;» est déjà utilisé par le site %2.</translation>
    </message>
    <message>
        <source>Alias “%1”: %2</source>
        <translation>Alias «&#xa0;%1&#xa0;»&#xa0;: %2</translation>
    </message>
    <message>
        <source>“%1” is listed twice.</source>
        <translation>«&#xa0;%1&#xa0;» figure deux fois dans la liste.</translation>
    </message>
    <message>
        <source>The path “%1” has two routes.</source>
        <translation>Le chemin «&#xa0;%1&#xa0;» a deux routes.</translation>
    </message>
    <message>
        <source>Route %1: %2</source>
        <translation>Route %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Give the full path of the log file, or leave it empty for the default.</source>
        <translation>Indiquez le chemin complet du fichier journal, ou laissez vide pour la valeur par défaut.</translation>
    </message>
    <message>
        <source>This is a folder; give the log file&apos;s name.</source>
        <translation>Ceci est un dossier ; indiquez le nom du fichier journal.</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>Le dossier %1 n’existe pas.</translation>
    </message>
    <message>
        <source>The file %1 cannot be written.</source>
        <translation>Le fichier %1 ne peut pas être écrit.</translation>
    </message>
    <message>
        <source>The folder %1 cannot be written.</source>
        <translation>Le dossier %1 n’est pas accessible en écriture.</translation>
    </message>
    <message>
        <source>The HSTS max-age is 0 (off) to %1 seconds (two years).</source>
        <translation>Le max-age HSTS va de 0 (désactivé) à %1&#xa0;secondes (deux ans).</translation>
    </message>
    <message>
        <source>Give the certificate file with its key, or neither (the local CA issues one).</source>
        <translation>Indiquez le fichier de certificat avec sa clé, ou aucun des deux (l’autorité de certification locale en émet un).</translation>
    </message>
    <message>
        <source>The certificate file must be an absolute path.</source>
        <translation>Le fichier de certificat doit être un chemin absolu.</translation>
    </message>
    <message>
        <source>Give the key file with its certificate, or neither (the local CA issues one).</source>
        <translation>Indiquez le fichier de clé avec son certificat, ou aucun des deux (l’autorité de certification locale en émet un).</translation>
    </message>
    <message>
        <source>The key file must be an absolute path.</source>
        <translation>Le fichier de clé doit être un chemin absolu.</translation>
    </message>
</context>
<context>
    <name>TargetResolver</name>
    <message>
        <source>Sent to %1 with “Host: %2”.</source>
        <translation>Envoyé à %1 avec «&#xa0;Host: %2&#xa0;».</translation>
    </message>
</context>
<context>
    <name>UrlProblem</name>
    <message>
        <source>Give the address to load-test, such as %1.</source>
        <translation>Indiquez l’adresse à tester, par exemple %1.</translation>
    </message>
    <message>
        <source>The address has a blank in it: remove it, or write it as %20.</source>
        <translation>L’adresse contient une espace : supprimez-la ou écrivez-la %20.</translation>
    </message>
    <message>
        <source>The address names no host: write it as http://HOST:PORT/PATH, such as %1.</source>
        <translation>L’adresse ne nomme aucun hôte : écrivez-la http://HÔTE:PORT/CHEMIN, par exemple %1.</translation>
    </message>
    <message>
        <source>The port must be a number from 1 to 65535, not &quot;%1&quot;.</source>
        <translation>Le port doit être un nombre de 1 à 65535, pas « %1 ».</translation>
    </message>
    <message>
        <source>The address has a character a URL cannot hold: check it, or copy it from the browser.</source>
        <translation>L’adresse contient un caractère qu’une URL ne peut pas contenir : vérifiez-la ou copiez-la depuis le navigateur.</translation>
    </message>
    <message>
        <source>Write the address with http:// or https:// in front, such as %1.</source>
        <translation>Écrivez l’adresse précédée de http:// ou https://, par exemple %1.</translation>
    </message>
    <message>
        <source>&quot;%1://&quot; is not a scheme the load generator speaks: write http:// or https://.</source>
        <translation>« %1:// » n’est pas un schéma que parle le générateur de charge : écrivez http:// ou https://.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::BenchCharts</name>
    <message>
        <source>Throughput</source>
        <translation>Débit</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requêtes/s</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Temps (s)</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latence</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Milliseconds</source>
        <translation>Millisecondes</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>Latence p99</translation>
    </message>
    <message>
        <source>Engine requests/s</source>
        <translation>Moteur : requêtes/s</translation>
    </message>
    <message>
        <source>Service p50</source>
        <translation>Traitement p50</translation>
    </message>
    <message>
        <source>Service p99</source>
        <translation>Traitement p99</translation>
    </message>
    <message>
        <source>p50 gap</source>
        <translation>Écart p50</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Échelle log.</translation>
    </message>
    <message>
        <source>A logarithmic latency axis: a spike of p99 leaves the median readable</source>
        <translation>Un axe de latence logarithmique&#xa0;: un pic de p99 laisse la médiane lisible</translation>
    </message>
    <message>
        <source>Upstream</source>
        <translation>Amont</translation>
    </message>
    <message>
        <source>Planned requests/s</source>
        <translation>Requêtes/s prévues</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::BenchmarkPage</name>
    <message>
        <source>Requests:</source>
        <translation>Requêtes&#xa0;:</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Durée&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Démarrer</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>A&amp;rrêter</translation>
    </message>
    <message>
        <source>http://127.0.0.1:8080/</source>
        <translation>http://127.0.0.1:8080/</translation>
    </message>
    <message>
        <source>Connections open at once (ab -c)</source>
        <translation>Connexions ouvertes simultanément (ab -c)</translation>
    </message>
    <message>
        <source>Requests in all (ab -n)</source>
        <translation>Nombre total de requêtes (ab -n)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Length of the run (ab -t)</source>
        <translation>Durée de l’exécution (ab -t)</translation>
    </message>
    <message>
        <source>Load-generator threads; each has its own share of the connections</source>
        <translation>Threads du générateur de charge&#xa0;; chacun gère sa part des connexions</translation>
    </message>
    <message>
        <source>Several requests per connection (ab -k); without it every request opens a new connection</source>
        <translation>Plusieurs requêtes par connexion (ab -k)&#xa0;; sans cela, chaque requête ouvre une nouvelle connexion</translation>
    </message>
    <message>
        <source>The report appears here when the run ends.</source>
        <translation>Le rapport s’affiche ici à la fin de l’exécution.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>&amp;Concurrence&#xa0;:</translation>
    </message>
    <message>
        <source>Length:</source>
        <translation>Limite&#xa0;:</translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation>T&amp;hreads&#xa0;:</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Charge</translation>
    </message>
    <message>
        <source>Requests/s:</source>
        <translation>Requêtes/s&#xa0;:</translation>
    </message>
    <message>
        <source>Latency p50 / p99:</source>
        <translation>Latence p50 / p99&#xa0;:</translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>Échecs&#xa0;:</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>Prêt.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Connexion à %1…</translation>
    </message>
    <message>
        <source>The run did not start: %1</source>
        <translation>L’exécution n’a pas démarré&#xa0;: %1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>En cours…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt en cours…</translation>
    </message>
    <message>
        <source>Stopped after %1.</source>
        <translation>Arrêté après %1.</translation>
    </message>
    <message>
        <source>Finished in %1.</source>
        <translation>Terminé en %1.</translation>
    </message>
    <message>
        <source>The run broke off.</source>
        <translation>L’exécution s’est interrompue.</translation>
    </message>
    <message>
        <source>The run broke off and was not stored: %1</source>
        <translation>L’exécution s’est interrompue et n’a pas été enregistrée&#xa0;: %1</translation>
    </message>
    <message>
        <source>The run could not be stored: %1</source>
        <translation>L’exécution n’a pas pu être enregistrée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Start the engine (Server) to test its sites, or enter any http:// URL.</source>
        <translation>Démarrez le serveur (onglet Serveur) pour tester ses sites, ou saisissez une URL http:// quelconque.</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>The load generator cannot use this URL: %1</source>
        <translation>Le générateur de charge ne peut pas utiliser cette URL : %1</translation>
    </message>
    <message>
        <source>Service time p50 / p99:</source>
        <translation>Temps de traitement p50 / p99&#xa0;:</translation>
    </message>
    <message>
        <source>Latency − service p50:</source>
        <translation>Latence − traitement p50&#xa0;:</translation>
    </message>
    <message>
        <source>The client&apos;s latency less the engine&apos;s service time: the time a request spends queued in sockets and in the network stack, and in the load generator</source>
        <translation>La latence du client moins le temps de traitement du moteur&#xa0;: le temps qu&apos;une requête passe en attente dans les sockets, la pile réseau et le générateur de charge</translation>
    </message>
    <message>
        <source>Measured by the engine: request parsed to response written. Shown when the target is this window&apos;s engine.</source>
        <translation>Mesuré par le moteur&#xa0;: de la requête lue à la réponse écrite. Affiché quand la cible est le moteur de cette fenêtre.</translation>
    </message>
    <message>
        <source>Closed model</source>
        <translation>Modèle fermé</translation>
    </message>
    <message>
        <source>Requests per second in all, sent on schedule whatever the answers take (open model, as wrk2 -R and hostbench-cli bench --rate). Empty: each connection sends its next request when the last is answered (closed model, as ab)</source>
        <translation>Requêtes par seconde au total, envoyées selon un rythme fixe quel que soit le temps des réponses (modèle ouvert, comme wrk2 -R et hostbench-cli bench --rate). Vide&#xa0;: chaque connexion envoie sa requête suivante quand la précédente a reçu sa réponse (modèle fermé, comme ab)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Aucun</translation>
    </message>
    <message>
        <source>Seconds of load sent first and not counted (--warmup), e.g. 2 or 0.5</source>
        <translation>Secondes de charge envoyées d’abord et non comptées (--warmup), p. ex. 2 ou 0.5</translation>
    </message>
    <message>
        <source>30s</source>
        <translation>30s</translation>
    </message>
    <message>
        <source>A request not answered within this time fails as a timeout (--timeout): ms, or with a unit: 500, 500ms, 1.5s, 2m</source>
        <translation>Une requête sans réponse dans ce délai échoue pour délai dépassé (--timeout)&#xa0;: en ms, ou avec une unité&#xa0;: 500, 500ms, 1.5s, 2m</translation>
    </message>
    <message>
        <source>The request method (-m); a body makes a GET a POST, as -p does</source>
        <translation>La méthode de la requête (-m)&#xa0;; un corps fait d’un GET un POST, comme -p</translation>
    </message>
    <message>
        <source>Name: value, one per line</source>
        <translation>Nom: valeur, un par ligne</translation>
    </message>
    <message>
        <source>Request headers, one &quot;Name: value&quot; per line (-H); one named Host, User-Agent or Accept replaces the load generator&apos;s own</source>
        <translation>En-têtes de la requête, un «&#xa0;Nom: valeur&#xa0;» par ligne (-H)&#xa0;; un en-tête nommé Host, User-Agent ou Accept remplace celui du générateur de charge</translation>
    </message>
    <message>
        <source>No body</source>
        <translation>Aucun corps</translation>
    </message>
    <message>
        <source>The request body, sent as UTF-8 as typed (no file given)</source>
        <translation>Le corps de la requête, envoyé en UTF-8 tel que saisi (sans fichier indiqué)</translation>
    </message>
    <message>
        <source>Or a file to send</source>
        <translation>Ou un fichier à envoyer</translation>
    </message>
    <message>
        <source>A file sent as the body instead of the text (-p FILE), read when the run starts</source>
        <translation>Un fichier envoyé comme corps à la place du texte (-p FILE), lu au démarrage de l’exécution</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>The body&apos;s Content-Type (-T), sent with a body</source>
        <translation>Le Content-Type du corps (-T), envoyé avec un corps</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Exécution</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Minutage</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>requêtes/s</translation>
    </message>
    <message>
        <source>&amp;Rate:</source>
        <translation>Dé&amp;bit&#xa0;:</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>&amp;Warm-up:</source>
        <translation>&amp;Préchauffage&#xa0;:</translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation>Délai d’&amp;attente&#xa0;:</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Requête</translation>
    </message>
    <message>
        <source>Content t&amp;ype:</source>
        <translation>T&amp;ype MIME&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>&amp;Méthode&#xa0;:</translation>
    </message>
    <message>
        <source>Hea&amp;ders:</source>
        <translation>&amp;En-têtes&#xa0;:</translation>
    </message>
    <message>
        <source>B&amp;ody:</source>
        <translation>C&amp;orps&#xa0;:</translation>
    </message>
    <message>
        <source>Body fi&amp;le:</source>
        <translation>&amp;Fichier du corps&#xa0;:</translation>
    </message>
    <message>
        <source>The rate is a number of requests per second above 0 and at most %L1, or nothing for the closed model; not &quot;%2&quot;.</source>
        <translation>Le débit est un nombre de requêtes par seconde supérieur à 0 et d’au plus %L1, ou rien pour le modèle fermé&#xa0;; pas «&#xa0;%2&#xa0;».</translation>
    </message>
    <message>
        <source>The warm-up is a number of seconds, e.g. 2 or 0.5; not &quot;%1&quot;.</source>
        <translation>Le préchauffage est un nombre de secondes, p. ex. 2 ou 0.5&#xa0;; pas «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <source>The timeout is a time from 1 ms to 24 hours, in ms or with a unit: 500, 500ms, 1.5s or 2m; not &quot;%1&quot;.</source>
        <translation>Le délai d’attente est une durée de 1 ms à 24 heures, en ms ou avec une unité&#xa0;: 500, 500ms, 1.5s ou 2m&#xa0;; pas «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <source>Give a method, e.g. GET or POST.</source>
        <translation>Indiquez une méthode, p. ex. GET ou POST.</translation>
    </message>
    <message>
        <source>A method is one word of letters, digits and !#$%&amp;&apos;*+-.^_`|~, e.g. GET or POST; not &quot;%1&quot;.</source>
        <translation>Une méthode est un mot fait de lettres, de chiffres et de !#$%&amp;&apos;*+-.^_`|~, p. ex. GET ou POST&#xa0;; pas «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <source>Line %1, &quot;%2&quot;, is not a header: write Name: value, e.g. Accept: text/html.</source>
        <translation>La ligne %1, «&#xa0;%2&#xa0;», n’est pas un en-tête&#xa0;: écrivez Nom: valeur, p. ex. Accept: text/html.</translation>
    </message>
    <message>
        <source>There is no file &quot;%1&quot;.</source>
        <translation>Le fichier «&#xa0;%1&#xa0;» n’existe pas.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a folder; give a file.</source>
        <translation>«&#xa0;%1&#xa0;» est un dossier&#xa0;; indiquez un fichier.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be read.</source>
        <translation>«&#xa0;%1&#xa0;» ne peut pas être lu.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be read: %2</source>
        <translation>«&#xa0;%1&#xa0;» ne peut pas être lu&#xa0;: %2</translation>
    </message>
    <message>
        <source>%1 on the %2 tab</source>
        <translation>%1 dans l’onglet %2</translation>
    </message>
    <message>
        <source>Body File</source>
        <translation>Fichier du corps</translation>
    </message>
    <message>
        <source>Cannot start: see %1.</source>
        <translation>Démarrage impossible&#xa0;: voir %1.</translation>
    </message>
    <message>
        <source>Cannot start: %1 (%2)</source>
        <translation>Démarrage impossible&#xa0;: %1 (%2)</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>No request succeeded: none got a complete answer.</source>
        <translation>Aucune requête n’a réussi : aucune n’a reçu de réponse complète.</translation>
    </message>
    <message>
        <source>No request succeeded: no answer had a 2xx or 3xx status (%1).</source>
        <translation>Aucune requête n’a réussi : aucune réponse n’avait un statut 2xx ou 3xx (%1).</translation>
    </message>
    <message>
        <source>Stopped after %1: no request succeeded.</source>
        <translation>Arrêté après %1 : aucune requête n’a réussi.</translation>
    </message>
    <message>
        <source>Finished in %1: no request succeeded.</source>
        <translation>Terminé en %1 : aucune requête n’a réussi.</translation>
    </message>
    <message>
        <source>
Upstream time (mean): %1 of %2 proxied responses, as the engine measured it (client latency = network + engine + upstream)</source>
        <translation>
Temps de l’amont (moyenne)&#xa0;: %1 sur %2 réponses relayées, mesuré par le moteur (latence du client = réseau + moteur + amont)</translation>
    </message>
    <message>
        <source>Thresholds:</source>
        <translation>Seuils&#xa0;:</translation>
    </message>
    <message>
        <source>e.g. p99&lt;50ms, errors&lt;0.1%</source>
        <translation>p.&#xa0;ex. p99&lt;50ms, errors&lt;0.1%</translation>
    </message>
    <message>
        <source>Pass/fail conditions on the finished run, parted by commas, as hostbench-cli bench --threshold (k6&apos;s grammar): p50 .. p99.9 (any pN), mean, min or max latency in us, ms or s; rps; errors as a count or a %; non2xx; unfinished; with &lt;, &lt;=, &gt;, &gt;=, == or !=. The report ends with a line each, and the state line says whether all held</source>
        <translation>Conditions de réussite ou d’échec du test terminé, séparées par des virgules, comme hostbench-cli bench --threshold (la grammaire de k6)&#xa0;: p50 .. p99.9 (tout pN), mean, min ou max de la latence en us, ms ou s&#xa0;; rps&#xa0;; errors en nombre ou en %&#xa0;; non2xx&#xa0;; unfinished&#xa0;; avec &lt;, &lt;=, &gt;, &gt;=, == ou !=. Le rapport finit par une ligne pour chacune, et la ligne d’état dit si toutes ont tenu</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %1: all %n threshold(s) held.</source>
        <translation>
            <numerusform>Arrêté après %1&#xa0;: %n seuil a tenu.</numerusform>
            <numerusform>Arrêté après %1&#xa0;: les %n seuils ont tenu.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: all %n threshold(s) held.</source>
        <translation>
            <numerusform>Terminé en %1&#xa0;: %n seuil a tenu.</numerusform>
            <numerusform>Terminé en %1&#xa0;: les %n seuils ont tenu.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %1: %n threshold(s) failed.</source>
        <translation>
            <numerusform>Arrêté après %1&#xa0;: %n seuil n’a pas tenu.</numerusform>
            <numerusform>Arrêté après %1&#xa0;: %n seuils n’ont pas tenu.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: %n threshold(s) failed.</source>
        <translation>
            <numerusform>Terminé en %1&#xa0;: %n seuil n’a pas tenu.</numerusform>
            <numerusform>Terminé en %1&#xa0;: %n seuils n’ont pas tenu.</numerusform>
        </translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation>Seuils</translation>
    </message>
    <message>
        <source>A threshold does not read: %1.</source>
        <translation>Seuil illisible&#xa0;: %1.</translation>
    </message>
    <message>
        <source>The stages do not read: %1.</source>
        <translation>Paliers illisibles&#xa0;: %1.</translation>
    </message>
    <message>
        <source>St&amp;ages:</source>
        <translation>Pa&amp;liers&#xa0;:</translation>
    </message>
    <message>
        <source>Constant rate</source>
        <translation>Débit constant</translation>
    </message>
    <message>
        <source>Aborted after %1: the threshold %2 failed.</source>
        <translation>Interrompu après %1&#xa0;: le seuil %2 a échoué.</translation>
    </message>
    <message>
        <source>The open model in stages, as hostbench-cli bench --stages (k6&apos;s ramping-arrival-rate): DURATION:RATE parted by commas, e.g. 10s:1000,30s:5000,10s:0; each ramps the rate in a straight line to RATE requests/s over DURATION (ms, s, m or h), the first from the Rate of the Timing tab (or 0). The run lasts their sum, whatever its Length says</source>
        <translation>Le modèle ouvert par paliers, comme hostbench-cli bench --stages (ramping-arrival-rate de k6)&#xa0;: DURÉE:DÉBIT séparés par des virgules, p. ex. 10s:1000,30s:5000,10s:0&#xa0;; chacun mène le débit en ligne droite à DÉBIT requêtes/s en DURÉE (ms, s, m ou h), le premier depuis le Débit de l’onglet Minutage (ou 0). L’exécution dure leur somme, quelle que soit sa Longueur</translation>
    </message>
    <message>
        <source>Abort on fail</source>
        <translation>Interrompre</translation>
    </message>
    <message>
        <source>Aborts the run when a threshold fails, as hostbench-cli bench --abort-on-fail: from 1 s into the measured part on, the thresholds are checked after each 100 ms sample on the figures so far, and the first that fails stops the run (unfinished is checked at the end only)</source>
        <translation>Interrompt l’exécution dès qu’un seuil échoue, comme hostbench-cli bench --abort-on-fail&#xa0;: à partir de 1 s dans la partie mesurée, les seuils sont vérifiés après chaque échantillon de 100 ms sur les chiffres obtenus jusque-là, et le premier qui échoue arrête l’exécution (unfinished n’est vérifié qu’à la fin)</translation>
    </message>
    <message>
        <source>&amp;Keep-alive</source>
        <translation>&amp;Keep-alive</translation>
    </message>
    <message>
        <source>HTTP/2: h2 by ALPN for https://, h2c with prior knowledge for http:// (hostbench-cli bench --h2)</source>
        <translation>HTTP/2&#xa0;: h2 par ALPN pour https://, h2c avec connaissance préalable pour http:// (hostbench-cli bench --h2)</translation>
    </message>
    <message>
        <source>HTTP/2: requests in flight at a time on each connection, one per stream (--streams, h2load -m)</source>
        <translation>HTTP/2&#xa0;: requêtes en cours à la fois sur chaque connexion, une par flux (--streams, h2load -m)</translation>
    </message>
    <message>
        <source>Streams:</source>
        <translation>Flux&#xa0;:</translation>
    </message>
    <message>
        <source>Protocol:</source>
        <translation>Protocole&#xa0;:</translation>
    </message>
    <message>
        <source>Compare with baseline</source>
        <translation>Comparer à la référence</translation>
    </message>
    <message>
        <source>After the run, compares it with the baseline of its method and URL (Set as baseline on the Runs page), as hostbench-cli bench --compare-baseline: faster, slower or no significant change at 95% confidence, for requests/s and p99. A threshold such as rps&gt;=0.95*baseline needs the baseline too</source>
        <translation>Après le run, le compare à la référence de sa méthode et de son URL (Définir comme référence sur la page Runs), comme hostbench-cli bench --compare-baseline : plus rapide, plus lent ou sans changement significatif à 95 % de confiance, pour les requêtes/s et le p99. Un seuil comme rps&gt;=0.95*baseline a aussi besoin de la référence</translation>
    </message>
    <message>
        <source>No baseline for %1: set one on the Runs page (Set as baseline).</source>
        <translation>Pas de référence pour %1 : définissez-en une sur la page Runs (Définir comme référence).</translation>
    </message>
    <message>
        <source>An SLO does not read: %1.</source>
        <translation>SLO illisible&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Give requests/s above 0, at most %L1.</source>
        <translation>Donnez des requêtes/s au-dessus de 0, d’au plus %L1.</translation>
    </message>
    <message>
        <source>SLO:</source>
        <translation>SLO&#xa0;:</translation>
    </message>
    <message>
        <source>Give at least one SLO that each step must meet, e.g. p99&lt;10ms.</source>
        <translation>Donnez au moins un SLO que chaque palier doit tenir, p. ex. p99&lt;10ms.</translation>
    </message>
    <message>
        <source>&amp;Find capacity</source>
        <translation>Chercher la capaci&amp;té</translation>
    </message>
    <message>
        <source>Start searches for the highest rate whose steps meet every SLO, as hostbench-cli bench --find-capacity: from the Rate of the Timing tab (100 requests/s when empty) the rate doubles until a step fails, then a bisection narrows it to the precision. Each step runs the warm-up (1 s when empty), then the step length judged; the steps are stored as one run</source>
        <translation>Démarrer cherche le débit le plus haut dont les paliers tiennent chaque SLO, comme hostbench-cli bench --find-capacity&#xa0;: depuis le débit de l’onglet Minutage (100 requêtes/s s’il est vide), le débit double jusqu’à ce qu’un palier échoue, puis une dichotomie le resserre jusqu’à la précision. Chaque palier fait le préchauffage (1 s s’il est vide), puis la durée jugée&#xa0;; les paliers sont enregistrés comme une seule exécution</translation>
    </message>
    <message>
        <source>e.g. p99&lt;10ms, errors&lt;0.1%</source>
        <translation>p. ex. p99&lt;10ms, errors&lt;0.1%</translation>
    </message>
    <message>
        <source>What every step must meet, parted by commas, in the thresholds&apos; grammar (as --slo): latency pN, mean, min or max in us, ms or s; rps; errors as a count or a %; non2xx</source>
        <translation>Ce que chaque palier doit tenir, séparé par des virgules, dans la grammaire des seuils (comme --slo)&#xa0;: latence pN, mean, min ou max en us, ms ou s&#xa0;; rps&#xa0;; errors en nombre ou en %&#xa0;; non2xx</translation>
    </message>
    <message>
        <source>The judged part of each step, in seconds (--step-duration)</source>
        <translation>La partie jugée de chaque palier, en secondes (--step-duration)</translation>
    </message>
    <message>
        <source> %</source>
        <translation>&#xa0;%</translation>
    </message>
    <message>
        <source>The bisection stops when the first failing rate is within this share of the highest passing one (--capacity-precision)</source>
        <translation>La dichotomie s’arrête quand le premier débit en échec est à moins de cette part du plus haut débit réussi (--capacity-precision)</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>Précision&#xa0;:</translation>
    </message>
    <message>
        <source>Step length:</source>
        <translation>Par palier&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>Pau&amp;se</translation>
    </message>
    <message>
        <source>Pauses an open-model run, and resumes it: while paused no request is sent, those under way finish, and the pause counts in no latency (as PATCH /api/runs/ID with &quot;paused&quot;). The run still ends when it was to</source>
        <translation>Met en pause une exécution en modèle ouvert, et la reprend&#xa0;: en pause, aucune requête n’est envoyée, celles en cours se terminent, et la pause ne compte dans aucune latence (comme PATCH /api/runs/ID avec &quot;paused&quot;). L’exécution finit quand même à l’heure prévue</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Appliquer</translation>
    </message>
    <message>
        <source>Gives the open-model run going the Rate typed, in requests per second: from now on its requests are sent at it, in place of what was left of its plan (stages included); as PATCH /api/runs/ID with &quot;rate&quot;. Return in the field does it too</source>
        <translation>Donne à l’exécution en cours en modèle ouvert le débit saisi, en requêtes par seconde&#xa0;: dès maintenant ses requêtes sont envoyées à ce débit, à la place de ce qui restait de son plan (paliers compris)&#xa0;; comme PATCH /api/runs/ID avec &quot;rate&quot;. Entrée dans le champ le fait aussi</translation>
    </message>
    <message>
        <source>100 (the first step)</source>
        <translation>100 (le premier palier)</translation>
    </message>
    <message>
        <source>1 (each step)</source>
        <translation>1 (chaque palier)</translation>
    </message>
    <message>
        <source>The search did not start: %1</source>
        <translation>La recherche n’a pas démarré&#xa0;: %1</translation>
    </message>
    <message>
        <source>Step 1 at %1 requests/s…</source>
        <translation>Palier 1 à %1 requêtes/s…</translation>
    </message>
    <message>
        <source>Step %1 at %2 requests/s…</source>
        <translation>Palier %1 à %2 requêtes/s…</translation>
    </message>
    <message>
        <source>Stopped before the first step ended: no capacity found.</source>
        <translation>Arrêté avant la fin du premier palier&#xa0;: aucune capacité trouvée.</translation>
    </message>
    <message>
        <source>No capacity found: the first step, at %1 requests/s, already failed (%2). Try a lower Rate.</source>
        <translation>Aucune capacité trouvée&#xa0;: le premier palier, à %1 requêtes/s, a déjà échoué (%2). Essayez un débit plus bas.</translation>
    </message>
    <message>
        <source>Stopped: the capacity at %1 is at least %2 requests/s.</source>
        <translation>Arrêté&#xa0;: la capacité à %1 est d’au moins %2 requêtes/s.</translation>
    </message>
    <message>
        <source>Capacity at %1: at least %2 requests/s (no step failed).</source>
        <translation>Capacité à %1&#xa0;: au moins %2 requêtes/s (aucun palier n’a échoué).</translation>
    </message>
    <message>
        <source>Capacity at %1: %2 requests/s.</source>
        <translation>Capacité à %1&#xa0;: %2 requêtes/s.</translation>
    </message>
    <message>
        <source>The search broke off.</source>
        <translation>La recherche s’est interrompue.</translation>
    </message>
    <message>
        <source>The search broke off and was not stored: %1</source>
        <translation>La recherche s’est interrompue et n’a pas été enregistrée&#xa0;: %1</translation>
    </message>
    <message>
        <source>The search could not be stored: %1</source>
        <translation>La recherche n’a pas pu être enregistrée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Paused: no request is sent until Resume.</source>
        <translation>En pause&#xa0;: aucune requête n’est envoyée jusqu’à Reprendre.</translation>
    </message>
    <message>
        <source>Running at %1 requests/s…</source>
        <translation>En cours à %1 requêtes/s…</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>Repre&amp;ndre</translation>
    </message>
    <message>
        <source>Reading the baseline…</source>
        <translation>Lecture de la référence…</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::CapacityStepModel</name>
    <message>
        <source>pass</source>
        <translation>réussi</translation>
    </message>
    <message>
        <source>fail: %1</source>
        <translation>échec&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Palier</translation>
    </message>
    <message>
        <source>Asked (req/s)</source>
        <translation>Demandé (req./s)</translation>
    </message>
    <message>
        <source>Achieved (req/s)</source>
        <translation>Atteint (req./s)</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erreurs</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::DataFolderErrorBox</name>
    <message>
        <source>Hostbench</source>
        <translation>Hostbench</translation>
    </message>
    <message>
        <source>Hostbench cannot open its data folder.</source>
        <translation>Hostbench ne peut pas ouvrir son dossier de données.</translation>
    </message>
    <message>
        <source>Save a &amp;Copy</source>
        <translation>Enregistrer une &amp;copie</translation>
    </message>
    <message>
        <source>Copies the database beside it before you change anything</source>
        <translation>Copie la base de données à côté d’elle avant toute modification</translation>
    </message>
    <message>
        <source>Folder: %1

Reason: %2

Nothing was changed. Fix or move the file, or start Hostbench with --data-dir on another folder.</source>
        <translation>Dossier&#xa0;: %1

Raison&#xa0;: %2

Rien n’a été modifié. Réparez ou déplacez le fichier, ou lancez Hostbench avec --data-dir sur un autre dossier.</translation>
    </message>
    <message>
        <source>The copy failed: %1</source>
        <translation>La copie a échoué : %1</translation>
    </message>
    <message>
        <source>A copy was saved as %1.</source>
        <translation>Une copie a été enregistrée sous %1.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineCharts</name>
    <message>
        <source>Last 60 seconds</source>
        <translation>60 dernières secondes</translation>
    </message>
    <message>
        <source>Last 10 minutes</source>
        <translation>10 dernières minutes</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Dernière heure</translation>
    </message>
    <message>
        <source>Requests/s by status</source>
        <translation>Requêtes/s par statut</translation>
    </message>
    <message>
        <source>Service time (ms)</source>
        <translation>Traitement (ms)</translation>
    </message>
    <message>
        <source>Open connections</source>
        <translation>Connexions ouvertes</translation>
    </message>
    <message>
        <source>Sent (MiB/s)</source>
        <translation>Envoyé (Mio/s)</translation>
    </message>
    <message>
        <source>2xx</source>
        <translation>2xx</translation>
    </message>
    <message>
        <source>3xx</source>
        <translation>3xx</translation>
    </message>
    <message>
        <source>4xx</source>
        <translation>4xx</translation>
    </message>
    <message>
        <source>5xx</source>
        <translation>5xx</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requêtes/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Sh&amp;ow:</source>
        <translation>Aff&amp;icher&#xa0;:</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Temps (s)</translation>
    </message>
    <message>
        <source>Time (min)</source>
        <translation>Temps (min)</translation>
    </message>
    <message>
        <source>Upstream</source>
        <translation>Amont</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Serveur</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineController</name>
    <message>
        <source>There is no site to serve: add one in Sites.</source>
        <translation>Aucun site à servir&#xa0;: ajoutez-en un dans l’onglet Sites.</translation>
    </message>
    <message>
        <source>The control API is off.</source>
        <translation>L’API de contrôle est désactivée.</translation>
    </message>
    <message>
        <source>The engine runs without its control API: %1</source>
        <translation>Le serveur tourne sans son API de contrôle&#xa0;: %1</translation>
    </message>
    <message>
        <source>Control API on http://127.0.0.1:%1/api/status</source>
        <translation>API de contrôle sur http://127.0.0.1:%1/api/status</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2, so the control API listens on port %3 instead.</source>
        <translation>Le port %1 est utilisé par %2 ; l’API de contrôle écoute donc sur le port %3.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineStatusLine</name>
    <message>
        <source>Open in the browser; select to copy</source>
        <translation>Ouvrir dans le navigateur&#xa0;; sélectionner pour copier</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy the URL</source>
        <translation>Copier l’URL</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>En service</translation>
    </message>
    <message>
        <source>Engine stopped</source>
        <translation>Serveur arrêté</translation>
    </message>
    <message>
        <source>%1 req/s</source>
        <translation>%1 req/s</translation>
    </message>
    <message numerus="yes">
        <source>%n open connection(s)</source>
        <translation>
            <numerusform>%n connexion ouverte</numerusform>
            <numerusform>%n connexions ouvertes</numerusform>
        </translation>
    </message>
    <message>
        <source>Serving (port %1 is taken)</source>
        <translation>En service (port %1 occupé)</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ExportDialog</name>
    <message>
        <source>Export to %1</source>
        <translation>Exporter vers %1</translation>
    </message>
    <message numerus="yes">
        <source>Writes the %n stored site(s) as %1 configuration, listening on %2 port %3. Settings that %1 cannot express are comments in the file.</source>
        <translation>
            <numerusform>Écrit le %n site enregistré comme configuration %1, à l’écoute sur %2 port %3. Les réglages que %1 ne sait pas exprimer sont des commentaires dans le fichier.</numerusform>
            <numerusform>Écrit les %n sites enregistrés comme configuration %1, à l’écoute sur %2 port %3. Les réglages que %1 ne sait pas exprimer sont des commentaires dans le fichier.</numerusform>
        </translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Parcourir...</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Fichier :</translation>
    </message>
    <message>
        <source>Give the file to write.</source>
        <translation>Indiquez le fichier à écrire.</translation>
    </message>
    <message>
        <source>Not written: %1</source>
        <translation>Non écrit : %1</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::GaveUpAppsNote</name>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Réessayer</translation>
    </message>
    <message>
        <source>Starts the apps that gave up again, once their cause is fixed.</source>
        <translation>Relance les apps qui ont abandonné, une fois leur cause corrigée.</translation>
    </message>
    <message>
        <source>The app of %1 (%2) %3.</source>
        <translation>L’app de %1 (%2) %3.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>What an app wrote is on the Logs page, in its site&apos;s app log.</source>
        <translation>Ce qu’une app a écrit est sur la page Journaux, dans le journal d’app de son site.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::LogLineModel</name>
    <message>
        <source>Site</source>
        <translation>Site</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Ligne</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::LogsPage</name>
    <message>
        <source>&amp;Open Log File</source>
        <translation>&amp;Ouvrir le journal</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Tous les statuts</translation>
    </message>
    <message>
        <source>2xx success</source>
        <translation>2xx succès</translation>
    </message>
    <message>
        <source>3xx redirection</source>
        <translation>3xx redirection</translation>
    </message>
    <message>
        <source>4xx client error</source>
        <translation>4xx erreur du client</translation>
    </message>
    <message>
        <source>5xx server error</source>
        <translation>5xx erreur du serveur</translation>
    </message>
    <message>
        <source>Error log lines</source>
        <translation>Lignes des journaux d’erreurs</translation>
    </message>
    <message>
        <source>Filter: text in the line</source>
        <translation>Filtre : texte de la ligne</translation>
    </message>
    <message>
        <source>S&amp;ite:</source>
        <translation>S&amp;ite :</translation>
    </message>
    <message>
        <source>Stat&amp;us:</source>
        <translation>Stat&amp;ut :</translation>
    </message>
    <message>
        <source>No site writes a log.</source>
        <translation>Aucun site n’écrit de journal.</translation>
    </message>
    <message numerus="yes">
        <source>Following %n file(s) in %1.</source>
        <translation>
            <numerusform>Suit %n fichier dans %1.</numerusform>
            <numerusform>Suit %n fichiers dans %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>All sites</source>
        <translation>Tous les sites</translation>
    </message>
    <message numerus="yes">
        <source>Paused while you read: %n new line(s) wait. Scroll to the end to see them.</source>
        <translation>
            <numerusform>En pause pendant votre lecture : %n nouvelle ligne attend. Défilez jusqu’à la fin pour la voir.</numerusform>
            <numerusform>En pause pendant votre lecture : %n nouvelles lignes attendent. Défilez jusqu’à la fin pour les voir.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a line, or a site, to open its log file</source>
        <translation>Sélectionnez une ligne, ou un site, pour ouvrir son journal</translation>
    </message>
    <message>
        <source>App output</source>
        <translation>Sortie de l’app</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::MainWindow</name>
    <message>
        <source>Hostbench</source>
        <translation>Hostbench</translation>
    </message>
    <message>
        <source>Sites</source>
        <translation>Sites</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Test de charge</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Exécutions</translation>
    </message>
    <message>
        <source>Virtual hosts: host names, document roots, routes</source>
        <translation>Hôtes virtuels&#xa0;: noms d’hôte, racines des documents, routes</translation>
    </message>
    <message>
        <source>Where the engine listens; start and stop it</source>
        <translation>Où le serveur écoute&#xa0;; le démarrer et l’arrêter</translation>
    </message>
    <message>
        <source>Load-test a URL</source>
        <translation>Tester une URL sous charge</translation>
    </message>
    <message>
        <source>Stored benchmark runs</source>
        <translation>Exécutions de test enregistrées</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <comment>menu bar</comment>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>Open &amp;Data Folder</source>
        <comment>File menu</comment>
        <translation>Ouvrir le dossier de &amp;données</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <comment>File menu</comment>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Engine</source>
        <comment>menu bar</comment>
        <translation>&amp;Serveur</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <comment>Engine menu</comment>
        <translation>&amp;Démarrer</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <comment>Engine menu</comment>
        <translation>A&amp;rrêter</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <comment>menu bar</comment>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Sites</source>
        <comment>View menu</comment>
        <translation>&amp;Sites</translation>
    </message>
    <message>
        <source>Se&amp;rver</source>
        <comment>View menu</comment>
        <translation>Se&amp;rveur</translation>
    </message>
    <message>
        <source>&amp;Benchmark</source>
        <comment>View menu</comment>
        <translation>&amp;Test de charge</translation>
    </message>
    <message>
        <source>R&amp;uns</source>
        <comment>View menu</comment>
        <translation>&amp;Exécutions</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <comment>menu bar</comment>
        <translation>Aid&amp;e</translation>
    </message>
    <message>
        <source>&amp;About Hostbench</source>
        <comment>Help menu</comment>
        <translation>À &amp;propos de Hostbench</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <comment>Help menu</comment>
        <translation>À propos de &amp;Qt</translation>
    </message>
    <message>
        <source>About Hostbench</source>
        <translation>À propos de Hostbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Hostbench %1&lt;/h3&gt;&lt;p&gt;A web server with name-based virtual hosts, a load generator in the spirit of ApacheBench and wrk, and this window to run both.&lt;/p&gt;&lt;p&gt;Data folder: &lt;code&gt;%2&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Licence: GNU General Public License, version 3 or later (GPL-3.0-or-later). Hostbench comes with no warranty.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Hostbench %1&lt;/h3&gt;&lt;p&gt;Un serveur web avec des hôtes virtuels par nom, un générateur de charge dans l’esprit d’ApacheBench et de wrk, et cette fenêtre pour piloter les deux.&lt;/p&gt;&lt;p&gt;Dossier de données&#xa0;: &lt;code&gt;%2&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Licence&#xa0;: GNU General Public License, version 3 ou ultérieure (GPL-3.0-or-later). Hostbench est fourni sans aucune garantie.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Hostbench is still running</source>
        <translation>Hostbench fonctionne toujours</translation>
    </message>
    <message>
        <source>The engine goes on serving. Click the icon to show the window, or quit from its menu. On the Server page you can have the window quit instead.</source>
        <translation>Le serveur continue de servir. Cliquez sur l’icône pour afficher la fenêtre, ou quittez depuis son menu. Sur la page Serveur, vous pouvez faire en sorte que la fenêtre quitte plutôt Hostbench.</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <comment>File menu</comment>
        <translation>&amp;Exporter</translation>
    </message>
    <message>
        <source>Wrote %1. Start it with: %2</source>
        <translation>%1 écrit. Démarrez-le avec : %2</translation>
    </message>
    <message>
        <source>Benchmark stopped</source>
        <translation>Benchmark arrêté</translation>
    </message>
    <message>
        <source>Benchmark finished</source>
        <translation>Benchmark terminé</translation>
    </message>
    <message>
        <source>%1 requests/s, p99 %2 (%3)</source>
        <translation>%1 requêtes/s, p99 %2 (%3)</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Journaux</translation>
    </message>
    <message>
        <source>The access and error logs of every site, live</source>
        <translation>Les journaux d’accès et d’erreurs de chaque site, en direct</translation>
    </message>
    <message>
        <source>&amp;Logs</source>
        <comment>View menu</comment>
        <translation>&amp;Journaux</translation>
    </message>
    <message>
        <source>Shootout</source>
        <translation>Shootout</translation>
    </message>
    <message>
        <source>Hostbench beside nginx, lighttpd, h2o, Apache and Caddy on the same site</source>
        <translation>Hostbench à côté de nginx, lighttpd, h2o, Apache et Caddy sur le même site</translation>
    </message>
    <message>
        <source>S&amp;hootout</source>
        <comment>View menu</comment>
        <translation>S&amp;hootout</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::MetricsPanel</name>
    <message>
        <source>Uptime</source>
        <translation>Temps de fonctionnement</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Requêtes</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requêtes/s</translation>
    </message>
    <message>
        <source>Service time p50 / p99</source>
        <translation>Temps de traitement p50 / p99</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Envoyé</translation>
    </message>
    <message>
        <source>2xx / 3xx / 4xx / 5xx</source>
        <translation>2xx / 3xx / 4xx / 5xx</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1&#xa0;:</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>TLS handshakes/s</source>
        <translation>Négociations TLS/s</translation>
    </message>
    <message>
        <source>Resumed / TLS errors</source>
        <translation>Reprises / erreurs TLS</translation>
    </message>
    <message>
        <source>%1% of %2</source>
        <translation>%1 % sur %2</translation>
    </message>
    <message>
        <source>Connections open / accepted</source>
        <translation>Connexions ouvertes / acceptées</translation>
    </message>
    <message>
        <source>HTTP/2 connections / streams each / resets</source>
        <translation>Connexions HTTP/2 / flux par connexion / réinitialisations</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::PortConflictDialog</name>
    <message>
        <source>Use &amp;another port:</source>
        <translation>Utiliser un &amp;autre port :</translation>
    </message>
    <message>
        <source>Engine Port Taken</source>
        <translation>Port du serveur occupé</translation>
    </message>
    <message>
        <source>Control API Port Taken</source>
        <translation>Port de l’API de contrôle occupé</translation>
    </message>
    <message>
        <source>The engine cannot listen on port %1: it is in use by %2.</source>
        <translation>Le serveur ne peut pas écouter sur le port %1 : il est utilisé par %2.</translation>
    </message>
    <message>
        <source>The control API cannot listen on port %1: it is in use by %2.</source>
        <translation>L’API de contrôle ne peut pas écouter sur le port %1 : il est utilisé par %2.</translation>
    </message>
    <message>
        <source>Which port should it use instead?</source>
        <translation>Quel port utiliser à la place ?</translation>
    </message>
    <message>
        <source>Use the &amp;next free port, %1</source>
        <translation>Utiliser le port libre &amp;suivant, %1</translation>
    </message>
    <message>
        <source>No free port in the next %1</source>
        <translation>Aucun port libre parmi les %1 suivants</translation>
    </message>
    <message>
        <source>&amp;Use This Port</source>
        <translation>&amp;Utiliser ce port</translation>
    </message>
    <message>
        <source>Port %1 is in use too, by %2.</source>
        <translation>Le port %1 est aussi utilisé, par %2.</translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
    <message>
        <source>a program of another user (which one cannot be told)</source>
        <translation>un programme d’un autre utilisateur (impossible de dire lequel)</translation>
    </message>
    <message>
        <source>another program (which one cannot be told)</source>
        <translation>un autre programme (impossible de dire lequel)</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ProxyRouteTableModel</name>
    <message>
        <source>Path Prefix</source>
        <translation>Préfixe de chemin</translation>
    </message>
    <message>
        <source>Upstream URL</source>
        <translation>URL de l’amont</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ProxyRoutesEditor</name>
    <message>
        <source>Add Path</source>
        <translation>Ajouter un chemin</translation>
    </message>
    <message>
        <source>Remove Path</source>
        <translation>Retirer le chemin</translation>
    </message>
    <message>
        <source>Requests for this path and below (whole segments; / is the whole site) go to the app at http://HOST:PORT[/PATH] or unix:/path/to.sock.</source>
        <translation>Les requêtes pour ce chemin et en dessous (segments entiers&#xa0;; / est tout le site) vont à l’app à http://HÔTE:PORT[/CHEMIN] ou unix:/chemin/vers.sock.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RouteTableModel</name>
    <message>
        <source>Path</source>
        <translation>Chemin</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Content Type</source>
        <translation>Type de contenu</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Corps</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RoutesEditor</name>
    <message>
        <source>Add Route</source>
        <translation>Ajouter une route</translation>
    </message>
    <message>
        <source>Remove Route</source>
        <translation>Supprimer la route</translation>
    </message>
    <message>
        <source>A request for exactly this path (GET or HEAD) is answered with this status, content type and body; no file is read.</source>
        <translation>Une requête (GET ou HEAD) pour exactement ce chemin reçoit en réponse ce statut, ce type de contenu et ce corps&#xa0;; aucun fichier n’est lu.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunCompareDialog</name>
    <message>
        <source>Compare Runs</source>
        <translation>Comparer des exécutions</translation>
    </message>
    <message>
        <source>open %1/s</source>
        <translation>ouvert %1/s</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>fermé</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>A 95% bootstrap confidence interval on the ratio of the requests/s (blocks of 100 ms samples) and of the p99 (the latency histograms); see the README</source>
        <translation>Un intervalle de confiance bootstrap à 95&#xa0;% sur le rapport des requêtes/s (blocs d’échantillons de 100 ms) et du p99 (les histogrammes de latence)&#xa0;; voir le README</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>faster, %1 (%2 to %3)</source>
        <translation>plus rapide, %1 (%2 à %3)</translation>
    </message>
    <message>
        <source>slower, %1 (%2 to %3)</source>
        <translation>plus lent, %1 (%2 à %3)</translation>
    </message>
    <message>
        <source>no significant change, %1 (%2 to %3)</source>
        <translation>pas de changement significatif, %1 (%2 à %3)</translation>
    </message>
    <message>
        <source>cannot tell: %1</source>
        <translation>impossible à dire&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 against %2, at 95% confidence: requests/s %3; p99 %4.</source>
        <translation>%1 face à %2, à 95&#xa0;% de confiance&#xa0;: requêtes/s %3&#xa0;; p99 %4.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunCompareModel</name>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <source>%1 (×%2)</source>
        <translation>%1 (×%2)</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Longueur</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Concurrence</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Keep-alive</source>
        <translation>Keep-alive</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requêtes/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échecs</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunExportDialog</name>
    <message>
        <source>Export Runs</source>
        <translation>Exporter les exécutions</translation>
    </message>
    <message numerus="yes">
        <source>Writes the %n selected run(s). JSON: an array with, for each run, what hostbench-cli runs export --json writes (summary, parameters, percentiles, samples). CSV: one line per 100 ms sample of each run, the run&apos;s id first. Leave a field empty to skip that file.</source>
        <translation>
            <numerusform>Écrit %n exécution sélectionnée. JSON : un tableau avec ce qu&apos;écrit hostbench-cli runs export --json pour l&apos;exécution (résumé, paramètres, centiles, échantillons). CSV : une ligne par échantillon de 100 ms, l&apos;identifiant de l&apos;exécution en tête. Laissez un champ vide pour ne pas écrire ce fichier.</numerusform>
            <numerusform>Écrit les %n exécutions sélectionnées. JSON : un tableau avec, pour chaque exécution, ce qu&apos;écrit hostbench-cli runs export --json (résumé, paramètres, centiles, échantillons). CSV : une ligne par échantillon de 100 ms de chaque exécution, l&apos;identifiant de l&apos;exécution en tête. Laissez un champ vide pour ne pas écrire ce fichier.</numerusform>
        </translation>
    </message>
    <message>
        <source>A JSON array, one object per run as hostbench-cli runs export --json writes it</source>
        <translation>Un tableau JSON, un objet par exécution, tel que l&apos;écrit hostbench-cli runs export --json</translation>
    </message>
    <message>
        <source>One line per 100 ms sample of each run: run_id, then the columns of hostbench-cli runs export --csv</source>
        <translation>Une ligne par échantillon de 100 ms de chaque exécution : run_id, puis les colonnes de hostbench-cli runs export --csv</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Parcourir...</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>Fichiers JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <source>&amp;JSON file:</source>
        <translation>Fichier &amp;JSON :</translation>
    </message>
    <message>
        <source>C&amp;SV file:</source>
        <translation>Fichier C&amp;SV :</translation>
    </message>
    <message>
        <source>Give a JSON file, a CSV file or both.</source>
        <translation>Indiquez un fichier JSON, un fichier CSV ou les deux.</translation>
    </message>
    <message>
        <source>Not written: %1</source>
        <translation>Non écrit : %1</translation>
    </message>
    <message>
        <source>Written: %1. The other file was not: see the message under its field.</source>
        <translation>Écrit : %1. L’autre fichier ne l’a pas été : voir le message sous son champ.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunListModel</name>
    <message>
        <source>%1 (Host: %2)</source>
        <translation>%1 (Host: %2)</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Concurrence</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Requêtes</translation>
    </message>
    <message>
        <source>Req/s</source>
        <translation>Req/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échecs</translation>
    </message>
    <message>
        <source>open, %1 req/s</source>
        <translation>ouvert, %1 req./s</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>fermé</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 requêtes</translation>
    </message>
    <message>
        <source>Open model: requests sent at a constant rate, latency corrected for coordinated omission</source>
        <translation>Modèle ouvert : requêtes envoyées à débit constant, latence corrigée de l&apos;omission coordonnée</translation>
    </message>
    <message>
        <source>Closed model: each connection sends its next request when the last one is answered</source>
        <translation>Modèle fermé : chaque connexion envoie sa requête suivante quand la précédente a reçu sa réponse</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Longueur</translation>
    </message>
    <message>
        <source>Keep-alive</source>
        <translation>Keep-alive</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Load model: closed (each connection waits for its answer) or open (a constant rate of requests per second)</source>
        <translation>Modèle de charge : fermé (chaque connexion attend sa réponse) ou ouvert (débit constant de requêtes par seconde)</translation>
    </message>
    <message>
        <source>How long the run was asked to last, or how many requests it was asked to send</source>
        <translation>Durée demandée pour l&apos;exécution, ou nombre de requêtes à envoyer</translation>
    </message>
    <message>
        <source>Whether connections were kept alive for further requests</source>
        <translation>Si les connexions ont été gardées ouvertes pour d&apos;autres requêtes</translation>
    </message>
    <message>
        <source>Connections open at once</source>
        <translation>Connexions ouvertes en même temps</translation>
    </message>
    <message>
        <source>Load generator threads</source>
        <translation>Threads du générateur de charge</translation>
    </message>
    <message>
        <source>Requests answered</source>
        <translation>Requêtes ayant reçu une réponse</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>Requêtes par seconde</translation>
    </message>
    <message>
        <source>Median latency (50th percentile)</source>
        <translation>Latence médiane (50e centile)</translation>
    </message>
    <message>
        <source>99th percentile latency</source>
        <translation>Latence au 99e centile</translation>
    </message>
    <message>
        <source>Requests that failed (connect, read, write, timeout, parse)</source>
        <translation>Requêtes échouées (connexion, lecture, écriture, délai dépassé, analyse)</translation>
    </message>
    <message>
        <source>Double-click to write a note</source>
        <translation>Double-cliquez pour écrire une note</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Your note on the run: double-click or F2 to write it; it is stored at once</source>
        <translation>Votre note sur l&apos;exécution : double-clic ou F2 pour l&apos;écrire ; elle est enregistrée aussitôt</translation>
    </message>
    <message>
        <source>broken off at %1 of %2</source>
        <translation>interrompu à %1 sur %2</translation>
    </message>
    <message>
        <source>broken off, nothing stored (%1)</source>
        <translation>interrompu, rien d’enregistré (%1)</translation>
    </message>
    <message>
        <source>stopped at %1 of %2</source>
        <translation>arrêté à %1 sur %2</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1
Shootout %2: %3, workload %4, round %5</source>
        <translation>%1
Shootout %2&#xa0;: %3, charge %4, tour %5</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Exécution</translation>
    </message>
    <message>
        <source>The run&apos;s number, as the Compare dialog and hostbench-cli runs name it</source>
        <translation>Le numéro de l’exécution, tel que le nomment la fenêtre Comparer et hostbench-cli runs</translation>
    </message>
    <message>
        <source>The URL the run was sent to; for a shootout&apos;s run, the server it measured first</source>
        <translation>L’URL à laquelle l’exécution a été envoyée&#xa0;; pour une exécution de shootout, précédée du serveur mesuré</translation>
    </message>
    <message>
        <source>running, at %1 of %2</source>
        <translation>en cours, à %1 sur %2</translation>
    </message>
    <message>
        <source>starting (%1)</source>
        <translation>démarrage (%1)</translation>
    </message>
    <message>
        <source>open, in stages</source>
        <translation>ouvert, par paliers</translation>
    </message>
    <message>
        <source>aborted at %1 of %2 (%3)</source>
        <translation>interrompu à %1 sur %2 (%3)</translation>
    </message>
    <message>
        <source>Open model in stages: %1, latency corrected for coordinated omission</source>
        <translation>Modèle ouvert par paliers&#xa0;: %1, latence corrigée de l’omission coordonnée</translation>
    </message>
    <message>
        <source>The baseline of %1: hostbench-cli bench --compare-baseline compares the runs of this method and URL with it</source>
        <translation>La référence de %1&#xa0;: hostbench-cli bench --compare-baseline compare avec elle les exécutions de cette méthode et de cette URL</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunsPage</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualiser</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Comparer</translation>
    </message>
    <message>
        <source>Read the list again, with runs stored by hostbench-cli (F5)</source>
        <translation>Relire la liste, avec les exécutions enregistrées par hostbench-cli (F5)</translation>
    </message>
    <message>
        <source>Compare the selected runs side by side (select several with Ctrl or Shift)</source>
        <translation>Comparer côte à côte les exécutions sélectionnées (en sélectionner plusieurs avec Ctrl ou Maj)</translation>
    </message>
    <message>
        <source>Select a run to see its report.</source>
        <translation>Sélectionnez une exécution pour voir son rapport.</translation>
    </message>
    <message>
        <source>The newest %1 runs</source>
        <translation>Les %1 exécutions les plus récentes</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n exécution</numerusform>
            <numerusform>%n exécutions</numerusform>
        </translation>
    </message>
    <message>
        <source>No runs yet: start one in Benchmark.</source>
        <translation>Aucune exécution pour l’instant&#xa0;: lancez-en une dans l’onglet Test de charge.</translation>
    </message>
    <message>
        <source>Delete Run</source>
        <translation>Supprimer l’exécution</translation>
    </message>
    <message>
        <source>Delete this run and its samples? This cannot be undone.</source>
        <translation>Supprimer cette exécution et ses mesures&#xa0;? Cette action est irréversible.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Run Not Deleted</source>
        <translation>Exécution non supprimée</translation>
    </message>
    <message>
        <source>E&amp;xport...</source>
        <translation>E&amp;xporter...</translation>
    </message>
    <message>
        <source>Write the selected runs to a JSON file (one object per run) and a CSV file (one line per 100 ms sample)</source>
        <translation>Écrire les exécutions sélectionnées dans un fichier JSON (un objet par exécution) et un fichier CSV (une ligne par échantillon de 100 ms)</translation>
    </message>
    <message>
        <source>Delete these %1 runs and their samples? This cannot be undone.</source>
        <translation>Supprimer ces %1 exécutions et leurs échantillons ? Cette action est irréversible.</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Note : %1</translation>
    </message>
    <message>
        <source>Note Not Saved</source>
        <translation>Note non enregistrée</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n run(s) to %1.</source>
        <translation>
            <numerusform>%n exécution exportée vers %1.</numerusform>
            <numerusform>%n exécutions exportées vers %1.</numerusform>
        </translation>
    </message>
    <message>
        <source> and </source>
        <translation> et </translation>
    </message>
    <message>
        <source>%1 · %2 — %3</source>
        <translation>%1 · %2 — %3</translation>
    </message>
    <message>
        <source>The runs cannot be read: %1</source>
        <translation>Impossible de lire les exécutions : %1</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <source>Export re&amp;port…</source>
        <translation>Exporter le &amp;rapport…</translation>
    </message>
    <message>
        <source>Set as &amp;baseline</source>
        <translation>&amp;Définir comme référence</translation>
    </message>
    <message>
        <source>Write the selected run&apos;s report to share: an HTML page that a browser shows offline, or Markdown for a pull-request comment (by the file&apos;s suffix)</source>
        <translation>Écrire le rapport à partager de l’exécution choisie&#xa0;: une page HTML qu’un navigateur affiche hors ligne, ou du Markdown pour un commentaire de pull request (selon le suffixe du fichier)</translation>
    </message>
    <message>
        <source>Make the selected run the baseline of its method and URL: hostbench-cli bench --compare-baseline compares new runs with it</source>
        <translation>Faire de l’exécution choisie la référence de sa méthode et de son URL&#xa0;: hostbench-cli bench --compare-baseline compare avec elle les nouvelles exécutions</translation>
    </message>
    <message>
        <source>Baseline Not Changed</source>
        <translation>Référence non modifiée</translation>
    </message>
    <message>
        <source>HTML page (*.html *.htm)</source>
        <translation>Page HTML (*.html *.htm)</translation>
    </message>
    <message>
        <source>Markdown (*.md *.markdown)</source>
        <translation>Markdown (*.md *.markdown)</translation>
    </message>
    <message>
        <source>Export Report of Run %1</source>
        <translation>Exporter le rapport de l’exécution %1</translation>
    </message>
    <message>
        <source>Report of run %1 written to %2.</source>
        <translation>Rapport de l’exécution %1 écrit dans %2.</translation>
    </message>
    <message>
        <source>Report of run %1 not written: %2</source>
        <translation>Rapport de l’exécution %1 non écrit&#xa0;: %2</translation>
    </message>
    <message>
        <source>Clear base&amp;line</source>
        <translation>Re&amp;tirer la référence</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ServerPage</name>
    <message>
        <source>Start the engine at launch</source>
        <translation>Démarrer le serveur au lancement</translation>
    </message>
    <message>
        <source>Control API on 127.0.0.1, port</source>
        <translation>API de contrôle sur 127.0.0.1, port</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Démarrer</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>A&amp;rrêter</translation>
    </message>
    <message>
        <source>127.0.0.1 serves this computer only; 0.0.0.0 or :: serves the network too.</source>
        <translation>127.0.0.1 ne sert que cet ordinateur&#xa0;; 0.0.0.0 ou :: sert aussi le réseau.</translation>
    </message>
    <message>
        <source>Any free port</source>
        <translation>N’importe quel port libre</translation>
    </message>
    <message>
        <source>One per core (%1)</source>
        <translation>Un par cœur (%1)</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>A request head must arrive within this time of its first byte.</source>
        <translation>L’en-tête d’une requête doit arriver dans ce délai après son premier octet.</translation>
    </message>
    <message>
        <source>An idle kept-alive connection is closed after this time.</source>
        <translation>Une connexion keep-alive inactive est fermée après ce délai.</translation>
    </message>
    <message>
        <source>A response the client stops reading is abandoned after this time.</source>
        <translation>Une réponse que le client cesse de lire est abandonnée après ce délai.</translation>
    </message>
    <message>
        <source>Open connections per worker thread; more are answered 503.</source>
        <translation>Connexions ouvertes par thread de travail&#xa0;; au-delà, la réponse est 503.</translation>
    </message>
    <message>
        <source>GET /api/status (JSON) and GET /metrics (Prometheus) while the engine runs.</source>
        <translation>GET /api/status (JSON) et GET /metrics (Prometheus) tant que le serveur tourne.</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>Listen &amp;address:</source>
        <translation>&amp;Adresse d’écoute&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Worker threads:</source>
        <translation>&amp;Threads de travail&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Header timeout:</source>
        <translation>Délai d’&amp;en-tête&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Keep-alive timeout:</source>
        <translation>Délai &amp;keep-alive&#xa0;:</translation>
    </message>
    <message>
        <source>S&amp;end timeout:</source>
        <translation>Délai d’e&amp;nvoi&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Connections per worker:</source>
        <translation>&amp;Connexions par thread&#xa0;:</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Takes effect when Hostbench starts again.</source>
        <translation>Prend effet au prochain démarrage de Hostbench.</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Fenêtre</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Langue&#xa0;:</translation>
    </message>
    <message>
        <source>Live Counters</source>
        <translation>Compteurs en direct</translation>
    </message>
    <message>
        <source>“%1” is not an IP address. Use 127.0.0.1 for this computer only, 0.0.0.0 for every IPv4 interface.</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas une adresse IP. Utilisez 127.0.0.1 pour cet ordinateur seulement, 0.0.0.0 pour toutes les interfaces IPv4.</translation>
    </message>
    <message>
        <source>The settings could not be saved: %1</source>
        <translation>Les paramètres n’ont pas pu être enregistrés&#xa0;: %1</translation>
    </message>
    <message>
        <source>The engine did not start: %1</source>
        <translation>Le serveur n’a pas démarré&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; with %n worker thread(s).</source>
        <translation>
            <numerusform>Sert &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; avec %n thread de travail.</numerusform>
            <numerusform>Sert &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; avec %n threads de travail.</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine is stopped.</source>
        <translation>Le serveur est arrêté.</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2, so the engine serves on port %3 instead.</source>
        <translation>Le port %1 est occupé par %2&#xa0;; le serveur écoute donc sur le port %3.</translation>
    </message>
    <message>
        <source>Keep running in the system tray when the window is closed</source>
        <translation>Continuer dans la zone de notification quand la fenêtre est fermée</translation>
    </message>
    <message>
        <source>This desktop has no system tray: closing the window quits Hostbench.</source>
        <translation>Ce bureau n’a pas de zone de notification&#xa0;: fermer la fenêtre quitte Hostbench.</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2; the engine was not started.</source>
        <translation>Le port %1 est utilisé par %2 ; le serveur n’a pas été démarré.</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2. Start again to choose another port.</source>
        <translation>Le port %1 est utilisé par %2. Démarrez à nouveau pour choisir un autre port.</translation>
    </message>
    <message>
        <source>Use the next free port if taken</source>
        <translation>Si occupé, prendre le port libre suivant</translation>
    </message>
    <message>
        <source>Keep running in the tray when closed</source>
        <translation>Réduire dans la zone de notification</translation>
    </message>
    <message>
        <source>If the port is taken, the engine and the control API move to the next free port without asking and say so; the port set here stays as it is.</source>
        <translation>Si le port est pris, le moteur et l’API de contrôle passent sans demander au port libre suivant et le signalent ; le port réglé ici reste tel quel.</translation>
    </message>
    <message>
        <source>Untick it to be asked which port to use instead.</source>
        <translation>Décochez-la pour qu’on vous demande quel port utiliser à la place.</translation>
    </message>
    <message>
        <source>HTTPS on port</source>
        <translation>HTTPS sur le port</translation>
    </message>
    <message>
        <source>T&amp;rust the CA…</source>
        <translation>&amp;Faire confiance à l’AC…</translation>
    </message>
    <message>
        <source>Serves every site over HTTPS too, on the listen address and this port, with a certificate from Hostbench&apos;s own certificate authority.</source>
        <translation>Sert aussi chaque site en HTTPS, sur l’adresse d’écoute et ce port, avec un certificat de l’autorité de certification propre à Hostbench.</translation>
    </message>
    <message>
        <source>Makes this computer&apos;s certificate store and the browsers&apos; (Chromium, Firefox) trust Hostbench&apos;s certificate authority, so that HTTPS pages open without a warning. What cannot be done as this user is shown as commands to run.</source>
        <translation>Fait confiance à l’autorité de certification de Hostbench dans le magasin de certificats de cet ordinateur et dans ceux des navigateurs (Chromium, Firefox), pour que les pages HTTPS s’ouvrent sans avertissement. Ce qui ne peut pas se faire avec cet utilisateur est affiché sous forme de commandes à lancer.</translation>
    </message>
    <message>
        <source>HTTPS: %1</source>
        <translation>HTTPS : %1</translation>
    </message>
    <message>
        <source>There is no data folder, so there is no certificate authority to trust.</source>
        <translation>Il n’y a pas de dossier de données, donc pas d’autorité de certification à approuver.</translation>
    </message>
    <message>
        <source>Trusting…</source>
        <translation>Approbation…</translation>
    </message>
    <message>
        <source>Trust Hostbench&apos;s certificate authority</source>
        <translation>Faire confiance à l’autorité de certification de Hostbench</translation>
    </message>
    <message>
        <source>Each trust store below says what was done. Restart the browser if it was open.</source>
        <translation>Chaque magasin de certificats ci-dessous dit ce qui a été fait. Redémarrez le navigateur s’il était ouvert.</translation>
    </message>
    <message>
        <source>Not every trust store could be changed.</source>
        <translation>Tous les magasins de certificats n’ont pas pu être modifiés.</translation>
    </message>
    <message numerus="yes">
        <source>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; and &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; with %n worker thread(s).</source>
        <translation>
            <numerusform>Sert &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; et &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; avec %n thread de travail.</numerusform>
            <numerusform>Sert &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; et &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; avec %n threads de travail.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ShootoutCharts</name>
    <message>
        <source>Requests per second (median)</source>
        <translation>Requêtes par seconde (médiane)</translation>
    </message>
    <message>
        <source>p99 latency (median)</source>
        <translation>Latence p99 (médiane)</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>requêtes/s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>capacity (requests/s)</source>
        <translation>capacité (requêtes/s)</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ShootoutPage</name>
    <message>
        <source>What the shootout says as it goes.</source>
        <translation>Ce que le shootout dit en cours de route.</translation>
    </message>
    <message>
        <source>Shootout</source>
        <translation>Shootout</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Début</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Serveurs</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>Charges</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Exécutions</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Charge</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requêtes/s</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>Dispersion</translation>
    </message>
    <message>
        <source>Ratio to best</source>
        <translation>Rapport au meilleur</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>CPU µs/request</source>
        <translation>CPU µs/requête</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erreurs</translation>
    </message>
    <message>
        <source>%1 (missing: apt-get install %2)</source>
        <translation>%1 (absent&#xa0;: apt-get install %2)</translation>
    </message>
    <message>
        <source>Closed: connections</source>
        <translation>Fermé&#xa0;: connexions</translation>
    </message>
    <message>
        <source>Open: requests per second</source>
        <translation>Ouvert&#xa0;: requêtes par seconde</translation>
    </message>
    <message>
        <source>each workload&apos;s own</source>
        <translation>celle de chaque charge</translation>
    </message>
    <message>
        <source>&amp;Keep-alive</source>
        <translation>&amp;Keep-alive</translation>
    </message>
    <message>
        <source> requests/s</source>
        <translation> requêtes/s</translation>
    </message>
    <message>
        <source> s per run</source>
        <translation> s par exécution</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modèle&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Connections:</source>
        <translation>&amp;Connexions&#xa0;:</translation>
    </message>
    <message>
        <source>R&amp;ate:</source>
        <translation>Dé&amp;bit&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>&amp;Durée&#xa0;:</translation>
    </message>
    <message>
        <source>R&amp;ounds:</source>
        <translation>&amp;Tours&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Run Shootout</source>
        <translation>&amp;Lancer le shootout</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>A&amp;rrêter</translation>
    </message>
    <message>
        <source>Pick at least one server.</source>
        <translation>Choisissez au moins un serveur.</translation>
    </message>
    <message>
        <source>Pick at least one workload.</source>
        <translation>Choisissez au moins une charge.</translation>
    </message>
    <message>
        <source>hostbench-cli is not found beside Hostbench nor on PATH.</source>
        <translation>hostbench-cli est introuvable, ni à côté de Hostbench ni dans le PATH.</translation>
    </message>
    <message>
        <source>Cannot start %1: %2</source>
        <translation>Impossible de lancer %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Starting the servers and checking their answers…</source>
        <translation>Démarrage des serveurs et vérification de leurs réponses…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt en cours…</translation>
    </message>
    <message>
        <source>The shootout ended abnormally.</source>
        <translation>Le shootout s&apos;est terminé anormalement.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Terminé.</translation>
    </message>
    <message>
        <source>The shootout failed: see its output below.</source>
        <translation>Le shootout a échoué&#xa0;: voir sa sortie ci-dessous.</translation>
    </message>
    <message>
        <source> (broken off)</source>
        <translation> (interrompu)</translation>
    </message>
    <message>
        <source>Shootout %1, %2: %3 s per run, median of %4 round(s)</source>
        <translation>Shootout %1, %2&#xa0;: %3 s par exécution, médiane de %4 tour(s)</translation>
    </message>
    <message>
        <source>%1: not installed (apt-get install %2)</source>
        <translation>%1&#xa0;: non installé (apt-get install %2)</translation>
    </message>
    <message>
        <source>%1: failed to start: %2</source>
        <translation>%1&#xa0;: échec du démarrage&#xa0;: %2</translation>
    </message>
    <message>
        <source>%1: left out, %2</source>
        <translation>%1&#xa0;: écarté, %2</translation>
    </message>
    <message>
        <source>E&amp;xport...</source>
        <translation>E&amp;xporter...</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <source>Delete the shown shootout and its runs</source>
        <translation>Supprimer le shootout affiché et ses exécutions</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export Shootout %1</source>
        <translation>Exporter le shootout %1</translation>
    </message>
    <message>
        <source>Shootout %1 not exported: %2</source>
        <translation>Shootout %1 non exporté&#xa0;: %2</translation>
    </message>
    <message>
        <source>Shootout %1 exported to %2.</source>
        <translation>Shootout %1 exporté vers %2.</translation>
    </message>
    <message numerus="yes">
        <source>Delete shootout %1 and its %n run(s)? They leave the Runs page too. This cannot be undone.</source>
        <translation>
            <numerusform>Supprimer le shootout %1 et %n exécution&#xa0;? Elle disparaît aussi de la page Exécutions. Cette action est irréversible.</numerusform>
            <numerusform>Supprimer le shootout %1 et ses %n exécutions&#xa0;? Elles disparaissent aussi de la page Exécutions. Cette action est irréversible.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete Shootout</source>
        <translation>Supprimer le shootout</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Shootout %1 not deleted: %2</source>
        <translation>Shootout %1 non supprimé&#xa0;: %2</translation>
    </message>
    <message>
        <source>Shootout %1 and its runs deleted.</source>
        <translation>Shootout %1 et ses exécutions supprimés.</translation>
    </message>
    <message>
        <source>Round %1 of %2: %3 %4</source>
        <translation>Tour %1 sur %2 : %3 %4</translation>
    </message>
    <message>
        <source>ref</source>
        <comment>the upstream alone, not ranked</comment>
        <translation>réf.</translation>
    </message>
    <message>
        <source>&amp;SLO:</source>
        <translation>SL&amp;O&#xa0;:</translation>
    </message>
    <message>
        <source>Ste&amp;p:</source>
        <translation>&amp;Pas&#xa0;:</translation>
    </message>
    <message>
        <source>Ranks the servers by capacity: for each workload and server, the highest rate whose steps meet every SLO (hostbench-cli shootout --capacity), searched from the rate by doubling, then bisection</source>
        <translation>Classe les serveurs par capacité : pour chaque charge et chaque serveur, le débit le plus haut dont les paliers tiennent chaque SLO (hostbench-cli shootout --capacity), cherché à partir du débit en doublant, puis par dichotomie</translation>
    </message>
    <message>
        <source>e.g. p99&lt;10ms, errors&lt;0.1%</source>
        <translation>p. ex. p99&lt;10ms, errors&lt;0.1%</translation>
    </message>
    <message>
        <source>What every step must meet, parted by commas, as hostbench-cli bench --slo: a latency pN, mean, min or max; rps; errors; non2xx</source>
        <translation>Ce que chaque palier doit tenir, séparé par des virgules, comme hostbench-cli bench --slo : une latence pN, mean, min ou max ; rps ; errors ; non2xx</translation>
    </message>
    <message>
        <source> s per step</source>
        <translation> s par palier</translation>
    </message>
    <message>
        <source>An SLO does not read: %1.</source>
        <translation>Un SLO ne se lit pas : %1.</translation>
    </message>
    <message>
        <source>Give at least one SLO, such as p99&lt;10ms.</source>
        <translation>Donnez au moins un SLO, par exemple p99&lt;10ms.</translation>
    </message>
    <message>
        <source>Write the shown shootout to a JSON, CSV, Markdown or HTML file, as hostbench-cli shootout export does</source>
        <translation>Écrire le shootout affiché dans un fichier JSON, CSV, Markdown ou HTML, comme hostbench-cli shootout export</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>Rapport HTML (*.html)</translation>
    </message>
    <message>
        <source>Cannot export as &quot;%1&quot;: the formats are json, csv, md and html.</source>
        <translation>Impossible d’exporter en «&#xa0;%1&#xa0;» : les formats sont json, csv, md et html.</translation>
    </message>
    <message>
        <source>Shootout %1, %2: capacity at %3, steps of %4 s, median of %5 round(s)</source>
        <translation>Shootout %1, %2 : capacité à %3, paliers de %4 s, médiane de %5 tour(s)</translation>
    </message>
    <message>
        <source>Capacity (req/s)</source>
        <translation>Capacité (req./s)</translation>
    </message>
    <message>
        <source>Capac&amp;ity at SLO</source>
        <translation>Capacit&amp;é au SLO</translation>
    </message>
    <message>
        <source>Machine: %1</source>
        <translation>Machine&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteAdvancedPage</name>
    <message>
        <source>List a folder&apos;s files when it has no index file</source>
        <translation>Lister les fichiers d’un dossier quand il n’a pas de fichier d’index</translation>
    </message>
    <message>
        <source>Follow symbolic links out of the document root</source>
        <translation>Suivre les liens symboliques hors de la racine des documents</translation>
    </message>
    <message>
        <source>Serve hidden files (names starting with “.”, such as .git or .env)</source>
        <translation>Servir les fichiers cachés (noms commençant par « . », comme .git ou .env)</translation>
    </message>
    <message>
        <source>Off: a path with a part starting with “.” answers 404 and listings leave such names out; /.well-known/ is always served.</source>
        <translation>Désactivé : un chemin dont une partie commence par « . » répond 404 et les listes omettent ces noms ; /.well-known/ est toujours servi.</translation>
    </message>
    <message>
        <source>Access log:</source>
        <translation>Journal d’accès&#xa0;:</translation>
    </message>
    <message>
        <source>Error log:</source>
        <translation>Journal des erreurs&#xa0;:</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> Kio</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Jamais</translation>
    </message>
    <message>
        <source> old files</source>
        <translation> anciens fichiers</translation>
    </message>
    <message>
        <source> bytes</source>
        <translation> octets</translation>
    </message>
    <message>
        <source>index.html, index.htm</source>
        <translation>index.html, index.htm</translation>
    </message>
    <message>
        <source>File names tried in order when a folder is requested.</source>
        <translation>Noms de fichiers essayés dans l’ordre quand un dossier est demandé.</translation>
    </message>
    <message>
        <source>Default: logs/%1.access.log in the data folder</source>
        <translation>Par défaut&#xa0;: logs/%1.access.log dans le dossier de données</translation>
    </message>
    <message>
        <source>Default: logs/%1.error.log in the data folder</source>
        <translation>Par défaut&#xa0;: logs/%1.error.log dans le dossier de données</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <source>&amp;Index files:</source>
        <translation>&amp;Fichiers d’index&#xa0;:</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Journaux</translation>
    </message>
    <message>
        <source>&amp;Rotate at:</source>
        <translation>&amp;Rotation à&#xa0;:</translation>
    </message>
    <message>
        <source>Request limits</source>
        <translation>Limites des requêtes</translation>
    </message>
    <message>
        <source>Request &amp;line:</source>
        <translation>&amp;Ligne de requête&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Header block:</source>
        <translation>&amp;Bloc d’en-têtes&#xa0;:</translation>
    </message>
    <message>
        <source>Header &amp;fields:</source>
        <translation>&amp;Champs d’en-tête&#xa0;:</translation>
    </message>
    <message>
        <source>Request &amp;body:</source>
        <translation>C&amp;orps de requête&#xa0;:</translation>
    </message>
    <message>
        <source>“%1” is not a plain file name.</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas un simple nom de fichier.</translation>
    </message>
    <message>
        <source>Give the full path of the file, or leave it empty for the default.</source>
        <translation>Indiquez le chemin complet du fichier, ou laissez le champ vide pour la valeur par défaut.</translation>
    </message>
    <message>
        <source>This is a folder; give a file name.</source>
        <translation>Ceci est un dossier&#xa0;; indiquez un nom de fichier.</translation>
    </message>
    <message>
        <source>Default: in logs/ of the data folder, named after the host</source>
        <translation>Par défaut&#xa0;: dans logs/ du dossier de données, au nom de l’hôte</translation>
    </message>
    <message>
        <source>Log the requests of Hostbench&apos;s own benchmarks</source>
        <translation>Journaliser les requêtes des tests de charge de Hostbench</translation>
    </message>
    <message>
        <source>Off: requests of Hostbench&apos;s load generator (User-Agent Hostbench/…) are counted but not logged, so that a benchmark does not rotate away the log of the site&apos;s real traffic.</source>
        <translation>Désactivé : les requêtes du générateur de charge de Hostbench (User-Agent Hostbench/…) sont comptées mais pas journalisées, pour qu’un test de charge n’efface pas par rotation le journal du trafic réel du site.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Default site: answers requests for unknown host names</source>
        <translation>Site par défaut&#xa0;: répond aux requêtes pour les noms d’hôte inconnus</translation>
    </message>
    <message>
        <source>Add Site</source>
        <translation>Ajouter un site</translation>
    </message>
    <message>
        <source>Edit Site %1</source>
        <translation>Modifier le site %1</translation>
    </message>
    <message>
        <source>example.test</source>
        <translation>example.test</translation>
    </message>
    <message>
        <source>www.example.test, example.local</source>
        <translation>www.example.test, example.local</translation>
    </message>
    <message>
        <source>/srv/www/example</source>
        <translation>/srv/www/example</translation>
    </message>
    <message>
        <source>To change the default site, make another site the default.</source>
        <translation>Pour changer de site par défaut, faites d’un autre site le site par défaut.</translation>
    </message>
    <message>
        <source>&amp;Host name:</source>
        <translation>&amp;Nom d’hôte&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Aliases:</source>
        <translation>&amp;Alias&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Document root:</source>
        <translation>&amp;Racine des documents&#xa0;:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Routes&lt;/b&gt; answer a path with a fixed response, before any file of the document root.</source>
        <translation>Les &lt;b&gt;routes&lt;/b&gt; répondent à un chemin par une réponse fixe, avant tout fichier de la racine des documents.</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>&amp;Général</translation>
    </message>
    <message>
        <source>Ad&amp;vanced</source>
        <translation>A&amp;vancé</translation>
    </message>
    <message>
        <source>Create it</source>
        <translation>Le créer</translation>
    </message>
    <message>
        <source>Document Root</source>
        <translation>Racine des documents</translation>
    </message>
    <message>
        <source>The folder could not be created.</source>
        <translation>Le dossier n’a pas pu être créé.</translation>
    </message>
    <message>
        <source>Pro&amp;xy</source>
        <translation>Pro&amp;xy</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <source>Proxy to an app</source>
        <translation>Proxy vers une app</translation>
    </message>
    <message>
        <source>&amp;Serves:</source>
        <translation>&amp;Sert&#xa0;:</translation>
    </message>
    <message>
        <source>Choose “Proxy to an app” under Serves first.</source>
        <translation>Choisissez d’abord «&#xa0;Proxy vers une app&#xa0;» sous Sert.</translation>
    </message>
    <message>
        <source>Still needed: the paths that are not proxied are served from this folder.</source>
        <translation>Toujours nécessaire&#xa0;: les chemins non relayés sont servis depuis ce dossier.</translation>
    </message>
    <message>
        <source>The site&apos;s files: each request is answered from this folder.</source>
        <translation>Les fichiers du site&#xa0;: chaque requête est servie depuis ce dossier.</translation>
    </message>
    <message>
        <source>PH&amp;P</source>
        <translation>PH&amp;P</translation>
    </message>
    <message>
        <source>PHP</source>
        <translation>PHP</translation>
    </message>
    <message>
        <source>Files: the document root&apos;s files. Proxy to an app: the paths of the Proxy tab go to an app server (the others are still files). PHP: the files, and the PHP files run in PHP-FPM (the PHP tab).</source>
        <translation>Fichiers&#xa0;: les fichiers de la racine des documents. Proxy vers une app&#xa0;: les chemins de l’onglet Proxy vont à un serveur d’app (les autres restent des fichiers). PHP&#xa0;: les fichiers, et les fichiers PHP s’exécutent dans PHP-FPM (l’onglet PHP).</translation>
    </message>
    <message>
        <source>Choose “PHP” under Serves first.</source>
        <translation>Choisissez d’abord «&#xa0;PHP&#xa0;» sous Sert.</translation>
    </message>
    <message>
        <source>The site&apos;s files: its PHP files run in PHP-FPM, the others are sent from this folder.</source>
        <translation>Les fichiers du site&#xa0;: ses fichiers PHP s’exécutent dans PHP-FPM, les autres sont envoyés depuis ce dossier.</translation>
    </message>
    <message>
        <source>H&amp;TTPS</source>
        <translation>H&amp;TTPS</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteHttpsPage</name>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>&amp;Redirect http:// to https:// (308, the method kept)</source>
        <translation>&amp;Rediriger http:// vers https:// (308, la méthode gardée)</translation>
    </message>
    <message>
        <source>empty: from Hostbench&apos;s certificate authority</source>
        <translation>vide&#xa0;: de l’autorité de certification de Hostbench</translation>
    </message>
    <message>
        <source>A PEM file with the site&apos;s certificate first, then its chain.</source>
        <translation>Un fichier PEM avec d’abord le certificat du site, puis sa chaîne.</translation>
    </message>
    <message>
        <source>The PEM file of the certificate&apos;s private key (unencrypted).</source>
        <translation>Le fichier PEM de la clé privée du certificat (non chiffrée).</translation>
    </message>
    <message>
        <source>While the engine serves HTTPS, a request over http:// is answered 308 Permanent Redirect to the same path on the HTTPS port.</source>
        <translation>Tant que le moteur sert le HTTPS, une requête en http:// reçoit 308 Permanent Redirect vers le même chemin sur le port HTTPS.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source> s</source>
        <translation>&#xa0;s</translation>
    </message>
    <message>
        <source>Strict-Transport-Security: browsers that saw it use only https:// for this name until the max-age runs out (31,536,000 s is a year). Off for local sites that may be served over http:// again.</source>
        <translation>Strict-Transport-Security&#xa0;: les navigateurs qui l’ont vu n’utilisent plus que https:// pour ce nom jusqu’à la fin du max-age (31&#xa0;536&#xa0;000&#xa0;s font un an). Désactivé pour les sites locaux qui pourraient être servis de nouveau en http://.</translation>
    </message>
    <message>
        <source>Certificate File</source>
        <translation>Fichier de certificat</translation>
    </message>
    <message>
        <source>Private Key File</source>
        <translation>Fichier de clé privée</translation>
    </message>
    <message>
        <source>&amp;Certificate file:</source>
        <translation>Fichier de &amp;certificat&#xa0;:</translation>
    </message>
    <message>
        <source>Private &amp;key file:</source>
        <translation>Fichier de cl&amp;é privée&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;HSTS max-age:</source>
        <translation>max-age &amp;HSTS&#xa0;:</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt *.cer *.key);;All files (*)</source>
        <translation>Fichiers PEM (*.pem *.crt *.cer *.key);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>&lt;b&gt;HTTPS&lt;/b&gt; serves this site while it is on (the Server page). Without files of its own the site gets a certificate from Hostbench&apos;s certificate authority for its names and their .localhost forms; browsers trust it once the authority is trusted (Server page, Trust Hostbench&apos;s certificate authority).</source>
        <translation>Le &lt;b&gt;HTTPS&lt;/b&gt; sert ce site tant qu’il est activé (page Serveur). Sans fichiers à lui, le site reçoit un certificat de l’autorité de certification de Hostbench pour ses noms et leurs formes .localhost&#xa0;; les navigateurs s’y fient dès que l’autorité est approuvée (page Serveur, «&#xa0;Faire confiance à l’autorité de certification de Hostbench&#xa0;»).</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SitePhpPage</name>
    <message>
        <source>&amp;Front controller (send missing files to index.php, as Laravel and WordPress)</source>
        <translation>&amp;Contrôleur frontal (envoyer les fichiers absents à index.php, comme Laravel et WordPress)</translation>
    </message>
    <message>
        <source>unix:/path.sock or HOST:PORT</source>
        <translation>unix:/chemin.sock ou HÔTE:PORT</translation>
    </message>
    <message>
        <source>auto: a PHP-FPM pool that Hostbench starts and stops for its data folder. Else where a PHP-FPM pool listens: unix:/run/php/php8.2-fpm.sock or 127.0.0.1:9000.</source>
        <translation>auto&#xa0;: un pool PHP-FPM que Hostbench démarre et arrête pour son dossier de données. Sinon, où un pool PHP-FPM écoute&#xa0;: unix:/run/php/php8.2-fpm.sock ou 127.0.0.1:9000.</translation>
    </message>
    <message>
        <source>/ (the whole site)</source>
        <translation>/ (tout le site)</translation>
    </message>
    <message>
        <source>Only requests under this path run PHP; the others are files.</source>
        <translation>Seules les requêtes sous ce chemin exécutent PHP&#xa0;; les autres sont des fichiers.</translation>
    </message>
    <message>
        <source>A request for a file that does not exist goes to index.php under the path, with its query (nginx&apos;s try_files $uri $uri/ /index.php?$query_string).</source>
        <translation>Une requête pour un fichier qui n’existe pas va à index.php sous le chemin, avec sa requête (try_files $uri $uri/ /index.php?$query_string de nginx).</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>How long the engine waits for PHP-FPM (to connect, for the response head, for each read of the body) before it answers 504 and aborts the script.</source>
        <translation>Combien de temps le moteur attend PHP-FPM (connexion, en-tête de la réponse, chaque lecture du corps) avant de répondre 504 et d’interrompre le script.</translation>
    </message>
    <message>
        <source>&lt;b&gt;PHP&lt;/b&gt; files (*.php, and index.php for a folder) run in PHP-FPM over FastCGI; the other files are sent as they are, a PHP file never as text.</source>
        <translation>Les fichiers &lt;b&gt;PHP&lt;/b&gt; (*.php, et index.php pour un dossier) s’exécutent dans PHP-FPM via FastCGI&#xa0;; les autres fichiers sont envoyés tels quels, un fichier PHP jamais comme texte.</translation>
    </message>
    <message>
        <source>PHP-FPM &amp;address:</source>
        <translation>&amp;Adresse PHP-FPM&#xa0;:</translation>
    </message>
    <message>
        <source>Path p&amp;refix:</source>
        <translation>P&amp;réfixe de chemin&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation>&amp;Délai&#xa0;:</translation>
    </message>
    <message>
        <source>No PHP-FPM is installed, so Hostbench cannot start its pool: install the Debian package %1 (sudo apt-get install %1), or give the address of a PHP-FPM that runs.</source>
        <translation>Aucun PHP-FPM n’est installé, Hostbench ne peut donc pas démarrer son pool&#xa0;: installez le paquet Debian %1 (sudo apt-get install %1), ou donnez l’adresse d’un PHP-FPM qui tourne.</translation>
    </message>
    <message>
        <source>Hostbench runs its own PHP-FPM pool for this data folder with %1, started and stopped with the engine.</source>
        <translation>Hostbench fait tourner son propre pool PHP-FPM pour ce dossier de données avec %1, démarré et arrêté avec le moteur.</translation>
    </message>
    <message>
        <source>PHP-FPM must listen at %1; while it does not, PHP requests answer 502.</source>
        <translation>PHP-FPM doit écouter à %1&#xa0;; tant que ce n’est pas le cas, les requêtes PHP répondent 502.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteProxyPage</name>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Send the upstream&apos;s own Host</source>
        <translation>Envoyer le Host propre de l’amont</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Off: the upstream sees the Host the client sent, as nginx&apos;s proxy_set_header Host $host. On: HOST:PORT of the upstream URL.</source>
        <translation>Désactivé&#xa0;: l’amont voit le Host envoyé par le client, comme proxy_set_header Host $host de nginx. Activé&#xa0;: HÔTE:PORT de l’URL de l’amont.</translation>
    </message>
    <message>
        <source>How long the engine waits for the app (to connect, for the response head, for each read of the body) before it answers 504.</source>
        <translation>Combien de temps le moteur attend l’app (connexion, en-tête de la réponse, chaque lecture du corps) avant de répondre 504.</translation>
    </message>
    <message>
        <source>npm run dev (empty: start no app)</source>
        <translation>npm run dev (vide&#xa0;: aucune app lancée)</translation>
    </message>
    <message>
        <source>Started with the engine, without a shell: quotes group words, no pipes or variables.</source>
        <translation>Lancée avec le moteur, sans shell&#xa0;: les guillemets groupent les mots, ni tubes ni variables.</translation>
    </message>
    <message>
        <source>Empty: the document root</source>
        <translation>Vide&#xa0;: la racine des documents</translation>
    </message>
    <message>
        <source>One NAME=value per line, e.g. PORT=3000</source>
        <translation>Un NOM=valeur par ligne, p. ex. PORT=3000</translation>
    </message>
    <message>
        <source>From SIGTERM to SIGKILL when the engine stops the app.</source>
        <translation>De SIGTERM à SIGKILL quand le moteur arrête l’app.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Proxied paths&lt;/b&gt; go to an app server (HTTP/1.1); the others are served from the document root.</source>
        <translation>Les &lt;b&gt;chemins relayés&lt;/b&gt; vont à un serveur d’app (HTTP/1.1)&#xa0;; les autres sont servis depuis la racine des documents.</translation>
    </message>
    <message>
        <source>Upstream &amp;timeout:</source>
        <translation>&amp;Délai de l’amont&#xa0;:</translation>
    </message>
    <message>
        <source>App started with the engine</source>
        <translation>App lancée avec le moteur</translation>
    </message>
    <message>
        <source>Co&amp;mmand:</source>
        <translation>Co&amp;mmande&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>Dossier de &amp;travail&#xa0;:</translation>
    </message>
    <message>
        <source>E&amp;nvironment:</source>
        <translation>E&amp;nvironnement&#xa0;:</translation>
    </message>
    <message>
        <source>Stop gra&amp;ce:</source>
        <translation>Délai d’a&amp;rrêt&#xa0;:</translation>
    </message>
    <message>
        <source>App&apos;s Working Folder</source>
        <translation>Dossier de travail de l’app</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteRateModel</name>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>%1 of %2 responses since the engine started: %3 with 4xx, %4 with 5xx</source>
        <translation>%1 réponses sur %2 depuis le démarrage du serveur&#xa0;: %3 en 4xx, %4 en 5xx</translation>
    </message>
    <message>
        <source>Responses with status 4xx or 5xx since the engine started (each cell&apos;s tooltip splits them)</source>
        <translation>Réponses avec un statut 4xx ou 5xx depuis le démarrage du serveur (l’infobulle de chaque cellule les détaille)</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>Site</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Requêtes</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Requêtes/s</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erreurs</translation>
    </message>
    <message>
        <source>Sent/s</source>
        <translation>Envoyé/s</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteTableModel</name>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>The default site: it answers requests for unknown host names.</source>
        <translation>Le site par défaut&#xa0;: il répond aux requêtes pour les noms d’hôte inconnus.</translation>
    </message>
    <message>
        <source>Host Name</source>
        <translation>Nom d’hôte</translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation>Alias</translation>
    </message>
    <message>
        <source>Document Root</source>
        <translation>Racine des documents</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>Routes</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Document root: %1</source>
        <translation>Racine des documents&#xa0;: %1</translation>
    </message>
    <message>
        <source>Proxied paths (upstream timeout %1 ms, Host: %2):</source>
        <translation>Chemins relayés (délai de l’amont %1 ms, Host&#xa0;: %2)&#xa0;:</translation>
    </message>
    <message>
        <source>the upstream&apos;s own</source>
        <translation>celui de l’amont</translation>
    </message>
    <message>
        <source>the client&apos;s</source>
        <translation>celui du client</translation>
    </message>
    <message>
        <source>App: %1</source>
        <translation>App&#xa0;: %1</translation>
    </message>
    <message>
        <source>  in the document root</source>
        <translation>  dans la racine des documents</translation>
    </message>
    <message>
        <source>  in %1</source>
        <translation>  dans %1</translation>
    </message>
    <message>
        <source>  with %1</source>
        <translation>  avec %1</translation>
    </message>
    <message>
        <source>PHP</source>
        <translation>PHP</translation>
    </message>
    <message>
        <source>PHP %1</source>
        <translation>PHP %1</translation>
    </message>
    <message>
        <source>PHP files under %1 run in PHP-FPM at %2 (timeout %3 ms)</source>
        <translation>Les fichiers PHP sous %1 s’exécutent dans PHP-FPM à %2 (délai %3 ms)</translation>
    </message>
    <message>
        <source>  auto: the pool Hostbench runs for its data folder</source>
        <translation>  auto&#xa0;: le pool que Hostbench fait tourner pour son dossier de données</translation>
    </message>
    <message>
        <source>  front controller: missing files go to %1</source>
        <translation>  contrôleur frontal&#xa0;: les fichiers absents vont à %1</translation>
    </message>
    <message>
        <source>  PHP version: not known yet</source>
        <translation>  version de PHP&#xa0;: pas encore connue</translation>
    </message>
    <message>
        <source>  PHP version: %1</source>
        <translation>  version de PHP&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SitesPage</name>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Ajouter…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Modifier…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <source>&amp;Open in Browser</source>
        <translation>&amp;Ouvrir dans le navigateur</translation>
    </message>
    <message>
        <source>Each site answers the requests whose Host header is its host name or one of its aliases. The default site (★) answers every other host name.</source>
        <translation>Chaque site répond aux requêtes dont l’en-tête Host est son nom d’hôte ou l’un de ses alias. Le site par défaut (★) répond à tous les autres noms d’hôte.</translation>
    </message>
    <message>
        <source>The engine is stopped</source>
        <translation>Le serveur est arrêté</translation>
    </message>
    <message>
        <source>%1 Try: %2</source>
        <translation>%1 Essayez&#xa0;: %2</translation>
    </message>
    <message>
        <source>Served at %1.</source>
        <translation>Servi à l’adresse %1.</translation>
    </message>
    <message>
        <source>Served by %1 with “Host: %2”; as the default site it also answers at %3.</source>
        <translation>Servi par %1 avec «&#xa0;Host: %2&#xa0;»&#xa0;; comme site par défaut, il répond aussi à l’adresse %3.</translation>
    </message>
    <message>
        <source>Served by %1 with “Host: %2”; a browser reaches %3 only if the name resolves (a hosts entry such as “127.0.0.1 %3”).</source>
        <translation>Servi par %1 avec «&#xa0;Host: %2&#xa0;»&#xa0;; un navigateur n’atteint %3 que si le nom est résolu (une entrée hosts comme «&#xa0;127.0.0.1 %3&#xa0;»).</translation>
    </message>
    <message>
        <source>Site Not Saved</source>
        <translation>Site non enregistré</translation>
    </message>
    <message>
        <source>The site %1 could not be saved:
%2</source>
        <translation>Le site %1 n’a pas pu être enregistré&#xa0;:
%2</translation>
    </message>
    <message>
        <source>Remove Site</source>
        <translation>Supprimer le site</translation>
    </message>
    <message>
        <source>Remove the site %1? Its files stay where they are.</source>
        <translation>Supprimer le site %1&#xa0;? Ses fichiers restent où ils sont.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Site Not Removed</source>
        <translation>Site non supprimé</translation>
    </message>
    <message>
        <source>The default site cannot be removed: make another site the default first.</source>
        <translation>Le site par défaut ne peut pas être supprimé&#xa0;: faites d’abord d’un autre site le site par défaut.</translation>
    </message>
    <message>
        <source>Start the engine to open the site</source>
        <translation>Démarrez le serveur pour ouvrir le site</translation>
    </message>
    <message>
        <source>Open &amp;Folder</source>
        <translation>Ouvrir le &amp;dossier</translation>
    </message>
    <message>
        <source>Show the site&apos;s document root in the file manager</source>
        <translation>Afficher la racine des documents du site dans le gestionnaire de fichiers</translation>
    </message>
    <message>
        <source>Served by %1 with “Host: %2”; a browser on this computer reaches it at %3 (names under .localhost lead here).</source>
        <translation>Servi par %1 avec « Host: %2 » ; un navigateur sur cet ordinateur l’atteint à %3 (les noms sous .localhost mènent ici).</translation>
    </message>
    <message>
        <source>Open %1 in the web browser</source>
        <translation>Ouvrir %1 dans le navigateur web</translation>
    </message>
    <message>
        <source>Engine Not Reloaded</source>
        <translation>Moteur non rechargé</translation>
    </message>
    <message>
        <source>The change is stored, but the engine did not reload: %1
It still serves the previous configuration.</source>
        <translation>La modification est enregistrée, mais le moteur n’a pas été rechargé : %1
Il sert toujours la configuration précédente.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::TrayIcon</name>
    <message>
        <source>Show &amp;Window</source>
        <translation>Afficher la &amp;fenêtre</translation>
    </message>
    <message>
        <source>&amp;Quit Hostbench</source>
        <translation>&amp;Quitter Hostbench</translation>
    </message>
    <message>
        <source>S&amp;top the Engine</source>
        <translation>A&amp;rrêter le serveur</translation>
    </message>
    <message>
        <source>&amp;Start the Engine</source>
        <translation>&amp;Démarrer le serveur</translation>
    </message>
    <message>
        <source>Hostbench: the engine is stopped</source>
        <translation>Hostbench&#xa0;: le serveur est arrêté</translation>
    </message>
    <message>
        <source>Hostbench: serving %1</source>
        <translation>Hostbench&#xa0;: en service sur %1</translation>
    </message>
    <message>
        <source>Hostbench: serving %1, a benchmark is running</source>
        <translation>Hostbench&#xa0;: en service sur %1, un benchmark est en cours</translation>
    </message>
    <message>
        <source>Hostbench: a benchmark is running</source>
        <translation>Hostbench&#xa0;: un benchmark est en cours</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Web server, load generator and manager.</source>
        <translation>Serveur web, générateur de charge et gestionnaire.</translation>
    </message>
    <message>
        <source>Keep the database and the default site in DIR (default: $HOSTBENCH_DATA_DIR, else the user&apos;s data folder).</source>
        <translation>Conserver la base de données et le site par défaut dans DIR (par défaut&#xa0;: $HOSTBENCH_DATA_DIR, sinon le dossier de données de l’utilisateur).</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>another process</source>
        <translation>un autre processus</translation>
    </message>
    <message>
        <source>Hostbench</source>
        <translation>Hostbench</translation>
    </message>
    <message>
        <source>The data folder is in use by %1.</source>
        <translation>Le dossier de données est utilisé par %1.</translation>
    </message>
    <message>
        <source>Folder: %1

One Hostbench at a time serves a data folder. Stop the other one first, or start Hostbench with --data-dir on another folder.</source>
        <translation>Dossier&#xa0;: %1

Un seul Hostbench à la fois sert un dossier de données. Arrêtez d’abord l’autre, ou démarrez Hostbench avec --data-dir sur un autre dossier.</translation>
    </message>
</context>
</TS>
