<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ButtonTexts</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>&amp;Ja</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>&amp;Nein</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Hilfe</translation>
    </message>
</context>
<context>
    <name>ConnectProbe</name>
    <message>
        <source>Cannot connect to %1: %2</source>
        <translation>Keine Verbindung zu %1: %2</translation>
    </message>
    <message>
        <source>Cannot connect to %1: no answer within %2 s</source>
        <translation>Keine Verbindung zu %1: keine Antwort innerhalb von %2 s</translation>
    </message>
</context>
<context>
    <name>DesktopOpener</name>
    <message>
        <source>No File Manager</source>
        <translation>Kein Dateimanager</translation>
    </message>
    <message>
        <source>No Web Browser</source>
        <translation>Kein Webbrowser</translation>
    </message>
    <message>
        <source>No file manager could be started to show this folder:</source>
        <translation>Es ließ sich kein Dateimanager starten, um diesen Ordner zu zeigen:</translation>
    </message>
    <message>
        <source>No web browser could be started to open this address:</source>
        <translation>Es ließ sich kein Webbrowser starten, um diese Adresse zu öffnen:</translation>
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
        <translation>Host-Header:            %1
</translation>
    </message>
    <message>
        <source>Method:                 %1
</source>
        <translation>Methode:                %1
</translation>
    </message>
    <message>
        <source>Request header:         %1: %2
</source>
        <translation>Anfrage-Header:         %1: %2
</translation>
    </message>
    <message>
        <source>Request body:           %1 bytes
</source>
        <translation>Anfrage-Body:           %1 Bytes
</translation>
    </message>
    <message>
        <source>Request body:           %1 bytes, %2
</source>
        <translation>Anfrage-Body:           %1 Bytes, %2
</translation>
    </message>
    <message>
        <source>Rate:                   %1 requests/s (open model)
</source>
        <translation>Rate:                   %1 Anfragen/s (offenes Modell)
</translation>
    </message>
    <message>
        <source>Warm-up:                %1 (not counted)
</source>
        <translation>Aufwärmphase:           %1 (nicht gezählt)
</translation>
    </message>
    <message>
        <source>Timeout:                %1
</source>
        <translation>Zeitlimit:              %1
</translation>
    </message>
    <message>
        <source>Stages:                 %1 (open model)
</source>
        <translation>Stufen:                 %1 (offenes Modell)
</translation>
    </message>
</context>
<context>
    <name>SiteValidator</name>
    <message>
        <source>Enter a host name, such as example.test or 127.0.0.2.</source>
        <translation>Geben Sie einen Hostnamen ein, etwa example.test oder 127.0.0.2.</translation>
    </message>
    <message>
        <source>“%1” is not a valid IPv6 address.</source>
        <translation>„%1“ ist keine gültige IPv6-Adresse.</translation>
    </message>
    <message>
        <source>A host name has at most 253 characters.</source>
        <translation>Ein Hostname hat höchstens 253 Zeichen.</translation>
    </message>
    <message>
        <source>A host name may contain only letters a-z, digits, hyphens and dots.</source>
        <translation>Ein Hostname darf nur Buchstaben a–z, Ziffern, Bindestriche und Punkte enthalten.</translation>
    </message>
    <message>
        <source>Each part between dots must have 1 to 63 characters.</source>
        <translation>Jeder Teil zwischen Punkten muss 1 bis 63 Zeichen haben.</translation>
    </message>
    <message>
        <source>A part of the name may not start or end with a hyphen.</source>
        <translation>Ein Namensteil darf nicht mit einem Bindestrich beginnen oder enden.</translation>
    </message>
    <message>
        <source>“%1” is neither a valid IPv4 address nor a host name.</source>
        <translation>„%1“ ist weder eine gültige IPv4-Adresse noch ein Hostname.</translation>
    </message>
    <message>
        <source>Choose the folder whose files this site serves.</source>
        <translation>Wählen Sie den Ordner, dessen Dateien diese Site ausliefert.</translation>
    </message>
    <message>
        <source>Enter an absolute path.</source>
        <translation>Geben Sie einen absoluten Pfad ein.</translation>
    </message>
    <message>
        <source>This folder does not exist.</source>
        <translation>Dieser Ordner existiert nicht.</translation>
    </message>
    <message>
        <source>This is a file, not a folder.</source>
        <translation>Das ist eine Datei, kein Ordner.</translation>
    </message>
    <message>
        <source>This folder cannot be read.</source>
        <translation>Dieser Ordner kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>This folder is or contains the system folder %1, whose files must never be served: choose a folder of the site&apos;s own.</source>
        <translation>Dieser Ordner ist oder enthält den Systemordner %1, dessen Dateien nie ausgeliefert werden dürfen: Wählen Sie einen eigenen Ordner für die Site.</translation>
    </message>
    <message>
        <source>This folder is or contains Hostbench&apos;s data folder %1, whose database, keys and control token must never be served: choose a folder of the site&apos;s own.</source>
        <translation>Dieser Ordner ist oder enthält den Datenordner von Hostbench %1, dessen Datenbank, Schlüssel und Steuerungs-Token nie ausgeliefert werden dürfen: Wählen Sie einen eigenen Ordner für die Site.</translation>
    </message>
    <message>
        <source>This folder is inside Hostbench&apos;s data folder %1, whose files must never be served: choose a folder of the site&apos;s own, or one under %2.</source>
        <translation>Dieser Ordner liegt im Datenordner von Hostbench %1, dessen Dateien nie ausgeliefert werden dürfen: Wählen Sie einen eigenen Ordner für die Site oder einen unter %2.</translation>
    </message>
    <message>
        <source>The site %1 is not served: its document root %2 is refused. %3</source>
        <translation>Die Site %1 wird nicht ausgeliefert: Ihr Dokumentverzeichnis %2 wird abgelehnt. %3</translation>
    </message>
    <message>
        <source>A route&apos;s path must start with “/”.</source>
        <translation>Der Pfad einer Route muss mit „/“ beginnen.</translation>
    </message>
    <message>
        <source>A route&apos;s path may not contain blanks, “?” or “#”.</source>
        <translation>Der Pfad einer Route darf keine Leerzeichen, „?“ oder „#“ enthalten.</translation>
    </message>
    <message>
        <source>A route&apos;s status must be between 100 and 599.</source>
        <translation>Der Status einer Route muss zwischen 100 und 599 liegen.</translation>
    </message>
    <message>
        <source>A route&apos;s content type looks like “text/plain”.</source>
        <translation>Der Inhaltstyp einer Route hat die Form „text/plain“.</translation>
    </message>
    <message>
        <source>“%1” is already used by the site %2.</source>
        <translation>„%1“ wird schon von der Site %2 verwendet.</translation>
    </message>
    <message>
        <source>Alias “%1”: %2</source>
        <translation>Alias „%1“: %2</translation>
    </message>
    <message>
        <source>“%1” is listed twice.</source>
        <translation>„%1“ steht doppelt in der Liste.</translation>
    </message>
    <message>
        <source>The path “%1” has two routes.</source>
        <translation>Der Pfad „%1“ hat zwei Routen.</translation>
    </message>
    <message>
        <source>Route %1: %2</source>
        <translation>Route %1: %2</translation>
    </message>
    <message>
        <source>Enter the host name alone, without “http://”, a port or a path.</source>
        <translation>Geben Sie nur den Hostnamen ein, ohne „http://“, Port oder Pfad.</translation>
    </message>
    <message>
        <source>Give the full path of the log file, or leave it empty for the default.</source>
        <translation>Geben Sie den vollständigen Pfad der Protokolldatei an, oder lassen Sie das Feld leer für die Vorgabe.</translation>
    </message>
    <message>
        <source>This is a folder; give the log file&apos;s name.</source>
        <translation>Das ist ein Ordner; geben Sie den Namen der Protokolldatei an.</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>Der Ordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The file %1 cannot be written.</source>
        <translation>Die Datei %1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>The folder %1 cannot be written.</source>
        <translation>In den Ordner %1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>The HSTS max-age is 0 (off) to %1 seconds (two years).</source>
        <translation>Die HSTS-max-age beträgt 0 (aus) bis %1 Sekunden (zwei Jahre).</translation>
    </message>
    <message>
        <source>Give the certificate file with its key, or neither (the local CA issues one).</source>
        <translation>Geben Sie die Zertifikatsdatei mit ihrem Schlüssel an oder keines von beiden (die lokale Zertifizierungsstelle stellt eines aus).</translation>
    </message>
    <message>
        <source>The certificate file must be an absolute path.</source>
        <translation>Die Zertifikatsdatei muss ein absoluter Pfad sein.</translation>
    </message>
    <message>
        <source>Give the key file with its certificate, or neither (the local CA issues one).</source>
        <translation>Geben Sie die Schlüsseldatei mit ihrem Zertifikat an oder keines von beiden (die lokale Zertifizierungsstelle stellt eines aus).</translation>
    </message>
    <message>
        <source>The key file must be an absolute path.</source>
        <translation>Die Schlüsseldatei muss ein absoluter Pfad sein.</translation>
    </message>
</context>
<context>
    <name>TargetResolver</name>
    <message>
        <source>Sent to %1 with “Host: %2”.</source>
        <translation>Wird an %1 mit „Host: %2“ gesendet.</translation>
    </message>
</context>
<context>
    <name>UrlProblem</name>
    <message>
        <source>Give the address to load-test, such as %1.</source>
        <translation>Geben Sie die zu testende Adresse an, etwa %1.</translation>
    </message>
    <message>
        <source>The address has a blank in it: remove it, or write it as %20.</source>
        <translation>Die Adresse enthält ein Leerzeichen: Entfernen Sie es oder schreiben Sie es als %20.</translation>
    </message>
    <message>
        <source>The address names no host: write it as http://HOST:PORT/PATH, such as %1.</source>
        <translation>Die Adresse nennt keinen Host: Schreiben Sie sie als http://HOST:PORT/PFAD, etwa %1.</translation>
    </message>
    <message>
        <source>The port must be a number from 1 to 65535, not &quot;%1&quot;.</source>
        <translation>Der Port muss eine Zahl von 1 bis 65535 sein, nicht „%1“.</translation>
    </message>
    <message>
        <source>The address has a character a URL cannot hold: check it, or copy it from the browser.</source>
        <translation>Die Adresse enthält ein Zeichen, das in einer URL nicht stehen kann: Prüfen Sie sie oder kopieren Sie sie aus dem Browser.</translation>
    </message>
    <message>
        <source>Write the address with http:// or https:// in front, such as %1.</source>
        <translation>Schreiben Sie die Adresse mit http:// oder https:// davor, etwa %1.</translation>
    </message>
    <message>
        <source>&quot;%1://&quot; is not a scheme the load generator speaks: write http:// or https://.</source>
        <translation>„%1://“ ist kein Schema, das der Lastgenerator spricht: Schreiben Sie http:// oder https://.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::BenchCharts</name>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Anfragen/s</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
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
        <translation>Millisekunden</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>Latenz p99</translation>
    </message>
    <message>
        <source>Engine requests/s</source>
        <translation>Engine: Anfragen/s</translation>
    </message>
    <message>
        <source>Service p50</source>
        <translation>Bearbeitung p50</translation>
    </message>
    <message>
        <source>Service p99</source>
        <translation>Bearbeitung p99</translation>
    </message>
    <message>
        <source>p50 gap</source>
        <translation>Abstand p50</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Log. Skala</translation>
    </message>
    <message>
        <source>A logarithmic latency axis: a spike of p99 leaves the median readable</source>
        <translation>Logarithmische Latenzachse: eine Spitze von p99 lässt den Median lesbar</translation>
    </message>
    <message>
        <source>Upstream</source>
        <translation>Upstream</translation>
    </message>
    <message>
        <source>Planned requests/s</source>
        <translation>Geplante Anfragen/s</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::BenchmarkPage</name>
    <message>
        <source>Requests:</source>
        <translation>Anfragen:</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Dauer:</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>http://127.0.0.1:8080/</source>
        <translation>http://127.0.0.1:8080/</translation>
    </message>
    <message>
        <source>Connections open at once (ab -c)</source>
        <translation>Gleichzeitig offene Verbindungen (ab -c)</translation>
    </message>
    <message>
        <source>Requests in all (ab -n)</source>
        <translation>Anfragen insgesamt (ab -n)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Length of the run (ab -t)</source>
        <translation>Dauer des Laufs (ab -t)</translation>
    </message>
    <message>
        <source>Load-generator threads; each has its own share of the connections</source>
        <translation>Threads des Lastgenerators; jeder bedient seinen Teil der Verbindungen</translation>
    </message>
    <message>
        <source>Several requests per connection (ab -k); without it every request opens a new connection</source>
        <translation>Mehrere Anfragen pro Verbindung (ab -k); sonst öffnet jede Anfrage eine neue Verbindung</translation>
    </message>
    <message>
        <source>The report appears here when the run ends.</source>
        <translation>Der Bericht erscheint hier, wenn der Lauf endet.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>&amp;Parallelität:</translation>
    </message>
    <message>
        <source>Length:</source>
        <translation>Umfang:</translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation>T&amp;hreads:</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>The run did not start: %1</source>
        <translation>Der Lauf wurde nicht gestartet: %1</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird gestoppt …</translation>
    </message>
    <message>
        <source>The run could not be stored: %1</source>
        <translation>Der Lauf konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Start the engine (Server) to test its sites, or enter any http:// URL.</source>
        <translation>Starten Sie den Server (Server), um seine Sites zu testen, oder geben Sie eine beliebige http://-URL ein.</translation>
    </message>
    <message>
        <source>Requests/s:</source>
        <translation>Anfragen/s:</translation>
    </message>
    <message>
        <source>Latency p50 / p99:</source>
        <translation>Latenz p50 / p99:</translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>Fehlgeschlagen:</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>Bereit.</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Läuft …</translation>
    </message>
    <message>
        <source>Stopped after %1.</source>
        <translation>Nach %1 gestoppt.</translation>
    </message>
    <message>
        <source>Finished in %1.</source>
        <translation>In %1 beendet.</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>The run broke off.</source>
        <translation>Der Lauf wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The run broke off and was not stored: %1</source>
        <translation>Der Lauf wurde abgebrochen und nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>The load generator cannot use this URL: %1</source>
        <translation>Der Lastgenerator kann diese URL nicht verwenden: %1</translation>
    </message>
    <message>
        <source>Service time p50 / p99:</source>
        <translation>Bearbeitungszeit p50 / p99:</translation>
    </message>
    <message>
        <source>Latency − service p50:</source>
        <translation>Latenz − Bearbeitung p50:</translation>
    </message>
    <message>
        <source>The client&apos;s latency less the engine&apos;s service time: the time a request spends queued in sockets and in the network stack, and in the load generator</source>
        <translation>Die Latenz des Clients abzüglich der Bearbeitungszeit der Engine: die Zeit, die eine Anfrage in Sockets, im Netzwerkstack und im Lastgenerator wartet</translation>
    </message>
    <message>
        <source>Measured by the engine: request parsed to response written. Shown when the target is this window&apos;s engine.</source>
        <translation>Von der Engine gemessen: von der gelesenen Anfrage bis zur geschriebenen Antwort. Angezeigt, wenn das Ziel die Engine dieses Fensters ist.</translation>
    </message>
    <message>
        <source>Closed model</source>
        <translation>Geschlossenes Modell</translation>
    </message>
    <message>
        <source>Requests per second in all, sent on schedule whatever the answers take (open model, as wrk2 -R and hostbench-cli bench --rate). Empty: each connection sends its next request when the last is answered (closed model, as ab)</source>
        <translation>Anfragen pro Sekunde insgesamt, nach Zeitplan gesendet, wie lange die Antworten auch brauchen (offenes Modell, wie wrk2 -R und hostbench-cli bench --rate). Leer: Jede Verbindung sendet ihre nächste Anfrage, wenn die letzte beantwortet ist (geschlossenes Modell, wie ab)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Seconds of load sent first and not counted (--warmup), e.g. 2 or 0.5</source>
        <translation>Sekunden Last, die zuerst gesendet und nicht gezählt werden (--warmup), z. B. 2 oder 0.5</translation>
    </message>
    <message>
        <source>30s</source>
        <translation>30s</translation>
    </message>
    <message>
        <source>A request not answered within this time fails as a timeout (--timeout): ms, or with a unit: 500, 500ms, 1.5s, 2m</source>
        <translation>Eine Anfrage, die in dieser Zeit nicht beantwortet wird, scheitert mit Zeitüberschreitung (--timeout): ms oder mit Einheit: 500, 500ms, 1.5s, 2m</translation>
    </message>
    <message>
        <source>The request method (-m); a body makes a GET a POST, as -p does</source>
        <translation>Die Methode der Anfrage (-m); ein Body macht aus einem GET ein POST, wie -p</translation>
    </message>
    <message>
        <source>Name: value, one per line</source>
        <translation>Name: Wert, einer pro Zeile</translation>
    </message>
    <message>
        <source>Request headers, one &quot;Name: value&quot; per line (-H); one named Host, User-Agent or Accept replaces the load generator&apos;s own</source>
        <translation>Header der Anfrage, einer pro Zeile als „Name: Wert“ (-H); einer namens Host, User-Agent oder Accept ersetzt den des Lastgenerators</translation>
    </message>
    <message>
        <source>No body</source>
        <translation>Kein Body</translation>
    </message>
    <message>
        <source>The request body, sent as UTF-8 as typed (no file given)</source>
        <translation>Der Body der Anfrage, als UTF-8 so gesendet, wie er eingegeben ist (ohne angegebene Datei)</translation>
    </message>
    <message>
        <source>Or a file to send</source>
        <translation>Oder eine Datei zum Senden</translation>
    </message>
    <message>
        <source>A file sent as the body instead of the text (-p FILE), read when the run starts</source>
        <translation>Eine Datei, die statt des Textes als Body gesendet wird (-p FILE), gelesen beim Start des Laufs</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <source>The body&apos;s Content-Type (-T), sent with a body</source>
        <translation>Der Content-Type des Bodys (-T), mit einem Body gesendet</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Zeitsteuerung</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>Anfragen/s</translation>
    </message>
    <message>
        <source>&amp;Rate:</source>
        <translation>&amp;Rate:</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>&amp;Warm-up:</source>
        <translation>&amp;Aufwärmphase:</translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation>&amp;Zeitlimit:</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Content t&amp;ype:</source>
        <translation>Content-T&amp;ype:</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>&amp;Methode:</translation>
    </message>
    <message>
        <source>Hea&amp;ders:</source>
        <translation>H&amp;eader:</translation>
    </message>
    <message>
        <source>B&amp;ody:</source>
        <translation>&amp;Body:</translation>
    </message>
    <message>
        <source>Body fi&amp;le:</source>
        <translation>Body-&amp;Datei:</translation>
    </message>
    <message>
        <source>The rate is a number of requests per second above 0 and at most %L1, or nothing for the closed model; not &quot;%2&quot;.</source>
        <translation>Die Rate ist eine Zahl von Anfragen pro Sekunde über 0 und höchstens %L1 oder leer für das geschlossene Modell; nicht „%2“.</translation>
    </message>
    <message>
        <source>The warm-up is a number of seconds, e.g. 2 or 0.5; not &quot;%1&quot;.</source>
        <translation>Die Aufwärmphase ist eine Zahl von Sekunden, z. B. 2 oder 0.5; nicht „%1“.</translation>
    </message>
    <message>
        <source>The timeout is a time from 1 ms to 24 hours, in ms or with a unit: 500, 500ms, 1.5s or 2m; not &quot;%1&quot;.</source>
        <translation>Das Zeitlimit ist eine Zeit von 1 ms bis 24 Stunden, in ms oder mit Einheit: 500, 500ms, 1.5s oder 2m; nicht „%1“.</translation>
    </message>
    <message>
        <source>Give a method, e.g. GET or POST.</source>
        <translation>Geben Sie eine Methode an, z. B. GET oder POST.</translation>
    </message>
    <message>
        <source>A method is one word of letters, digits and !#$%&amp;&apos;*+-.^_`|~, e.g. GET or POST; not &quot;%1&quot;.</source>
        <translation>Eine Methode ist ein Wort aus Buchstaben, Ziffern und !#$%&amp;&apos;*+-.^_`|~, z. B. GET oder POST; nicht „%1“.</translation>
    </message>
    <message>
        <source>Line %1, &quot;%2&quot;, is not a header: write Name: value, e.g. Accept: text/html.</source>
        <translation>Zeile %1, „%2“, ist kein Header: Schreiben Sie Name: Wert, z. B. Accept: text/html.</translation>
    </message>
    <message>
        <source>There is no file &quot;%1&quot;.</source>
        <translation>Es gibt keine Datei „%1“.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a folder; give a file.</source>
        <translation>„%1“ ist ein Ordner; geben Sie eine Datei an.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be read.</source>
        <translation>„%1“ kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be read: %2</source>
        <translation>„%1“ kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 on the %2 tab</source>
        <translation>%1 im Tab „%2“</translation>
    </message>
    <message>
        <source>Body File</source>
        <translation>Body-Datei</translation>
    </message>
    <message>
        <source>Cannot start: see %1.</source>
        <translation>Start nicht möglich: siehe %1.</translation>
    </message>
    <message>
        <source>Cannot start: %1 (%2)</source>
        <translation>Start nicht möglich: %1 (%2)</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>No request succeeded: none got a complete answer.</source>
        <translation>Keine Anfrage war erfolgreich: keine bekam eine vollständige Antwort.</translation>
    </message>
    <message>
        <source>No request succeeded: no answer had a 2xx or 3xx status (%1).</source>
        <translation>Keine Anfrage war erfolgreich: keine Antwort hatte einen Status 2xx oder 3xx (%1).</translation>
    </message>
    <message>
        <source>Stopped after %1: no request succeeded.</source>
        <translation>Nach %1 gestoppt: keine Anfrage war erfolgreich.</translation>
    </message>
    <message>
        <source>Finished in %1: no request succeeded.</source>
        <translation>In %1 beendet: keine Anfrage war erfolgreich.</translation>
    </message>
    <message>
        <source>
Upstream time (mean): %1 of %2 proxied responses, as the engine measured it (client latency = network + engine + upstream)</source>
        <translation>
Zeit des Upstreams (Mittel): %1 von %2 weitergeleiteten Antworten, von der Engine gemessen (Latenz des Clients = Netzwerk + Engine + Upstream)</translation>
    </message>
    <message>
        <source>Thresholds:</source>
        <translation>Schwellenwerte:</translation>
    </message>
    <message>
        <source>e.g. p99&lt;50ms, errors&lt;0.1%</source>
        <translation>z. B. p99&lt;50ms, errors&lt;0.1%</translation>
    </message>
    <message>
        <source>Pass/fail conditions on the finished run, parted by commas, as hostbench-cli bench --threshold (k6&apos;s grammar): p50 .. p99.9 (any pN), mean, min or max latency in us, ms or s; rps; errors as a count or a %; non2xx; unfinished; with &lt;, &lt;=, &gt;, &gt;=, == or !=. The report ends with a line each, and the state line says whether all held</source>
        <translation>Bestanden/nicht bestanden-Bedingungen für den beendeten Lauf, durch Kommas getrennt, wie hostbench-cli bench --threshold (die Grammatik von k6): p50 .. p99.9 (beliebiges pN), mean, min oder max der Latenz in us, ms oder s; rps; errors als Anzahl oder in %; non2xx; unfinished; mit &lt;, &lt;=, &gt;, &gt;=, == oder !=. Der Bericht endet mit je einer Zeile, und die Statuszeile sagt, ob alle eingehalten wurden</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %1: all %n threshold(s) held.</source>
        <translation>
            <numerusform>Angehalten nach %1: %n Schwellenwert eingehalten.</numerusform>
            <numerusform>Angehalten nach %1: alle %n Schwellenwerte wurden eingehalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: all %n threshold(s) held.</source>
        <translation>
            <numerusform>Beendet in %1: %n Schwellenwert eingehalten.</numerusform>
            <numerusform>Beendet in %1: alle %n Schwellenwerte wurden eingehalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %1: %n threshold(s) failed.</source>
        <translation>
            <numerusform>Angehalten nach %1: %n Schwellenwert nicht eingehalten.</numerusform>
            <numerusform>Angehalten nach %1: %n Schwellenwerte nicht eingehalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: %n threshold(s) failed.</source>
        <translation>
            <numerusform>Beendet in %1: %n Schwellenwert nicht eingehalten.</numerusform>
            <numerusform>Beendet in %1: %n Schwellenwerte nicht eingehalten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Thresholds</source>
        <translation>Schwellenwerte</translation>
    </message>
    <message>
        <source>A threshold does not read: %1.</source>
        <translation>Ein Schwellenwert ist nicht lesbar: %1.</translation>
    </message>
    <message>
        <source>The stages do not read: %1.</source>
        <translation>Die Stufen sind nicht lesbar: %1.</translation>
    </message>
    <message>
        <source>St&amp;ages:</source>
        <translation>Stu&amp;fen:</translation>
    </message>
    <message>
        <source>Constant rate</source>
        <translation>Feste Rate</translation>
    </message>
    <message>
        <source>Aborted after %1: the threshold %2 failed.</source>
        <translation>Nach %1 abgebrochen: der Schwellenwert %2 wurde verfehlt.</translation>
    </message>
    <message>
        <source>The open model in stages, as hostbench-cli bench --stages (k6&apos;s ramping-arrival-rate): DURATION:RATE parted by commas, e.g. 10s:1000,30s:5000,10s:0; each ramps the rate in a straight line to RATE requests/s over DURATION (ms, s, m or h), the first from the Rate of the Timing tab (or 0). The run lasts their sum, whatever its Length says</source>
        <translation>Das offene Modell in Stufen, wie hostbench-cli bench --stages (k6s ramping-arrival-rate): DAUER:RATE durch Kommas getrennt, z. B. 10s:1000,30s:5000,10s:0; jede führt die Rate in gerader Linie über DAUER (ms, s, m oder h) auf RATE Anfragen/s, die erste von der Rate des Reiters Zeitsteuerung (oder 0) aus. Der Lauf dauert ihre Summe, was auch immer seine Länge sagt</translation>
    </message>
    <message>
        <source>Abort on fail</source>
        <translation>Abbruch</translation>
    </message>
    <message>
        <source>Aborts the run when a threshold fails, as hostbench-cli bench --abort-on-fail: from 1 s into the measured part on, the thresholds are checked after each 100 ms sample on the figures so far, and the first that fails stops the run (unfinished is checked at the end only)</source>
        <translation>Bricht den Lauf ab, sobald ein Schwellenwert verfehlt wird, wie hostbench-cli bench --abort-on-fail: ab 1 s in den gemessenen Teil werden die Schwellenwerte nach jeder 100-ms-Probe an den bisherigen Zahlen geprüft, und der erste verfehlte beendet den Lauf (unfinished wird nur am Ende geprüft)</translation>
    </message>
    <message>
        <source>&amp;Keep-alive</source>
        <translation>&amp;Keep-alive</translation>
    </message>
    <message>
        <source>HTTP/2: h2 by ALPN for https://, h2c with prior knowledge for http:// (hostbench-cli bench --h2)</source>
        <translation>HTTP/2: h2 per ALPN für https://, h2c mit Vorwissen für http:// (hostbench-cli bench --h2)</translation>
    </message>
    <message>
        <source>HTTP/2: requests in flight at a time on each connection, one per stream (--streams, h2load -m)</source>
        <translation>HTTP/2: gleichzeitig laufende Anfragen je Verbindung, eine je Stream (--streams, h2load -m)</translation>
    </message>
    <message>
        <source>Streams:</source>
        <translation>Streams:</translation>
    </message>
    <message>
        <source>Protocol:</source>
        <translation>Protokoll:</translation>
    </message>
    <message>
        <source>Compare with baseline</source>
        <translation>Mit Basislauf vergleichen</translation>
    </message>
    <message>
        <source>After the run, compares it with the baseline of its method and URL (Set as baseline on the Runs page), as hostbench-cli bench --compare-baseline: faster, slower or no significant change at 95% confidence, for requests/s and p99. A threshold such as rps&gt;=0.95*baseline needs the baseline too</source>
        <translation>Vergleicht den Lauf danach mit dem Basislauf seiner Methode und URL (Als Basislauf setzen auf der Seite Läufe), wie hostbench-cli bench --compare-baseline: schneller, langsamer oder keine signifikante Änderung bei 95 % Konfidenz, für Anfragen/s und p99. Ein Schwellwert wie rps&gt;=0.95*baseline braucht den Basislauf ebenfalls</translation>
    </message>
    <message>
        <source>No baseline for %1: set one on the Runs page (Set as baseline).</source>
        <translation>Kein Basislauf für %1: Legen Sie einen auf der Seite Läufe fest (Als Basislauf setzen).</translation>
    </message>
    <message>
        <source>An SLO does not read: %1.</source>
        <translation>Ein SLO ist nicht lesbar: %1.</translation>
    </message>
    <message>
        <source>Give requests/s above 0, at most %L1.</source>
        <translation>Geben Sie Anfragen/s über 0 an, höchstens %L1.</translation>
    </message>
    <message>
        <source>SLO:</source>
        <translation>SLO:</translation>
    </message>
    <message>
        <source>Give at least one SLO that each step must meet, e.g. p99&lt;10ms.</source>
        <translation>Geben Sie mindestens ein SLO an, das jeder Schritt erfüllen muss, z. B. p99&lt;10ms.</translation>
    </message>
    <message>
        <source>&amp;Find capacity</source>
        <translation>Kapazität su&amp;chen</translation>
    </message>
    <message>
        <source>Start searches for the highest rate whose steps meet every SLO, as hostbench-cli bench --find-capacity: from the Rate of the Timing tab (100 requests/s when empty) the rate doubles until a step fails, then a bisection narrows it to the precision. Each step runs the warm-up (1 s when empty), then the step length judged; the steps are stored as one run</source>
        <translation>Starten sucht die höchste Rate, deren Schritte jedes SLO erfüllen, wie hostbench-cli bench --find-capacity: ab der Rate des Reiters Zeitsteuerung (100 Anfragen/s, wenn leer) verdoppelt sich die Rate, bis ein Schritt scheitert, dann grenzt eine Bisektion sie bis auf die Genauigkeit ein. Jeder Schritt läuft erst die Aufwärmphase (1 s, wenn leer), dann die bewertete Schrittlänge; die Schritte werden als ein Lauf gespeichert</translation>
    </message>
    <message>
        <source>e.g. p99&lt;10ms, errors&lt;0.1%</source>
        <translation>z. B. p99&lt;10ms, errors&lt;0.1%</translation>
    </message>
    <message>
        <source>What every step must meet, parted by commas, in the thresholds&apos; grammar (as --slo): latency pN, mean, min or max in us, ms or s; rps; errors as a count or a %; non2xx</source>
        <translation>Was jeder Schritt erfüllen muss, durch Kommas getrennt, in der Grammatik der Schwellenwerte (wie --slo): Latenz pN, mean, min oder max in us, ms oder s; rps; errors als Anzahl oder in %; non2xx</translation>
    </message>
    <message>
        <source>The judged part of each step, in seconds (--step-duration)</source>
        <translation>Der bewertete Teil jedes Schritts, in Sekunden (--step-duration)</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>The bisection stops when the first failing rate is within this share of the highest passing one (--capacity-precision)</source>
        <translation>Die Bisektion endet, wenn die erste gescheiterte Rate um höchstens diesen Anteil über der höchsten bestandenen liegt (--capacity-precision)</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>Genauigkeit:</translation>
    </message>
    <message>
        <source>Step length:</source>
        <translation>Schrittlänge:</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>Pausiere&amp;n</translation>
    </message>
    <message>
        <source>Pauses an open-model run, and resumes it: while paused no request is sent, those under way finish, and the pause counts in no latency (as PATCH /api/runs/ID with &quot;paused&quot;). The run still ends when it was to</source>
        <translation>Pausiert einen Lauf im offenen Modell und setzt ihn fort: solange er pausiert, wird keine Anfrage gesendet, laufende werden beendet, und die Pause zählt in keiner Latenz mit (wie PATCH /api/runs/ID mit &quot;paused&quot;). Der Lauf endet trotzdem, wann er sollte</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Gives the open-model run going the Rate typed, in requests per second: from now on its requests are sent at it, in place of what was left of its plan (stages included); as PATCH /api/runs/ID with &quot;rate&quot;. Return in the field does it too</source>
        <translation>Gibt dem laufenden Lauf im offenen Modell die eingegebene Rate, in Anfragen pro Sekunde: ab jetzt werden seine Anfragen in ihr gesendet, anstelle des Rests seines Plans (Stufen eingeschlossen); wie PATCH /api/runs/ID mit &quot;rate&quot;. Eingabe im Feld tut es auch</translation>
    </message>
    <message>
        <source>100 (the first step)</source>
        <translation>100 (der erste Schritt)</translation>
    </message>
    <message>
        <source>1 (each step)</source>
        <translation>1 (jeder Schritt)</translation>
    </message>
    <message>
        <source>The search did not start: %1</source>
        <translation>Die Suche wurde nicht gestartet: %1</translation>
    </message>
    <message>
        <source>Step 1 at %1 requests/s…</source>
        <translation>Schritt 1 mit %1 Anfragen/s …</translation>
    </message>
    <message>
        <source>Step %1 at %2 requests/s…</source>
        <translation>Schritt %1 mit %2 Anfragen/s …</translation>
    </message>
    <message>
        <source>Stopped before the first step ended: no capacity found.</source>
        <translation>Vor dem Ende des ersten Schritts gestoppt: keine Kapazität gefunden.</translation>
    </message>
    <message>
        <source>No capacity found: the first step, at %1 requests/s, already failed (%2). Try a lower Rate.</source>
        <translation>Keine Kapazität gefunden: schon der erste Schritt mit %1 Anfragen/s ist gescheitert (%2). Versuchen Sie eine niedrigere Rate.</translation>
    </message>
    <message>
        <source>Stopped: the capacity at %1 is at least %2 requests/s.</source>
        <translation>Gestoppt: die Kapazität bei %1 beträgt mindestens %2 Anfragen/s.</translation>
    </message>
    <message>
        <source>Capacity at %1: at least %2 requests/s (no step failed).</source>
        <translation>Kapazität bei %1: mindestens %2 Anfragen/s (kein Schritt ist gescheitert).</translation>
    </message>
    <message>
        <source>Capacity at %1: %2 requests/s.</source>
        <translation>Kapazität bei %1: %2 Anfragen/s.</translation>
    </message>
    <message>
        <source>The search broke off.</source>
        <translation>Die Suche wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The search broke off and was not stored: %1</source>
        <translation>Die Suche wurde abgebrochen und nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>The search could not be stored: %1</source>
        <translation>Die Suche konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Paused: no request is sent until Resume.</source>
        <translation>Pausiert: bis „Fortsetzen“ wird keine Anfrage gesendet.</translation>
    </message>
    <message>
        <source>Running at %1 requests/s…</source>
        <translation>Läuft mit %1 Anfragen/s …</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>F&amp;ortsetzen</translation>
    </message>
    <message>
        <source>Reading the baseline…</source>
        <translation>Basislauf wird gelesen…</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::CapacityStepModel</name>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>fail: %1</source>
        <translation>gescheitert: %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Asked (req/s)</source>
        <translation>Verlangt (Anfr./s)</translation>
    </message>
    <message>
        <source>Achieved (req/s)</source>
        <translation>Erreicht (Anfr./s)</translation>
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
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
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
        <translation>Hostbench kann seinen Datenordner nicht öffnen.</translation>
    </message>
    <message>
        <source>Save a &amp;Copy</source>
        <translation>Eine &amp;Kopie sichern</translation>
    </message>
    <message>
        <source>Copies the database beside it before you change anything</source>
        <translation>Kopiert die Datenbank daneben, bevor Sie etwas ändern</translation>
    </message>
    <message>
        <source>Folder: %1

Reason: %2

Nothing was changed. Fix or move the file, or start Hostbench with --data-dir on another folder.</source>
        <translation>Ordner: %1

Grund: %2

Es wurde nichts verändert. Reparieren oder verschieben Sie die Datei, oder starten Sie Hostbench mit --data-dir auf einem anderen Ordner.</translation>
    </message>
    <message>
        <source>The copy failed: %1</source>
        <translation>Die Kopie ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>A copy was saved as %1.</source>
        <translation>Eine Kopie wurde als %1 gesichert.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineCharts</name>
    <message>
        <source>Last 60 seconds</source>
        <translation>Letzte 60 Sekunden</translation>
    </message>
    <message>
        <source>Last 10 minutes</source>
        <translation>Letzte 10 Minuten</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Requests/s by status</source>
        <translation>Anfragen/s nach Status</translation>
    </message>
    <message>
        <source>Service time (ms)</source>
        <translation>Bearbeitung (ms)</translation>
    </message>
    <message>
        <source>Open connections</source>
        <translation>Offene Verbindungen</translation>
    </message>
    <message>
        <source>Sent (MiB/s)</source>
        <translation>Gesendet (MiB/s)</translation>
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
        <translation>Anfragen/s</translation>
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
        <translation>&amp;Zeitraum:</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>Time (min)</source>
        <translation>Zeit (min)</translation>
    </message>
    <message>
        <source>Upstream</source>
        <translation>Upstream</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Server</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineController</name>
    <message>
        <source>There is no site to serve: add one in Sites.</source>
        <translation>Es gibt keine Site zum Ausliefern: Legen Sie unter „Sites“ eine an.</translation>
    </message>
    <message>
        <source>The control API is off.</source>
        <translation>Die Steuer-API ist ausgeschaltet.</translation>
    </message>
    <message>
        <source>Control API on http://127.0.0.1:%1/api/status</source>
        <translation>Steuer-API auf http://127.0.0.1:%1/api/status</translation>
    </message>
    <message>
        <source>The engine runs without its control API: %1</source>
        <translation>Der Server läuft ohne Steuer-API: %1</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2, so the control API listens on port %3 instead.</source>
        <translation>Port %1 wird von %2 belegt, daher lauscht die Steuer-API stattdessen auf Port %3.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineStatusLine</name>
    <message>
        <source>Open in the browser; select to copy</source>
        <translation>Im Browser öffnen; zum Kopieren markieren</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the URL</source>
        <translation>Die URL kopieren</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>In Betrieb</translation>
    </message>
    <message>
        <source>Engine stopped</source>
        <translation>Server gestoppt</translation>
    </message>
    <message>
        <source>%1 req/s</source>
        <translation>%1 Anfr./s</translation>
    </message>
    <message numerus="yes">
        <source>%n open connection(s)</source>
        <translation>
            <numerusform>%n offene Verbindung</numerusform>
            <numerusform>%n offene Verbindungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Serving (port %1 is taken)</source>
        <translation>In Betrieb (Port %1 ist belegt)</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ExportDialog</name>
    <message>
        <source>Export to %1</source>
        <translation>Nach %1 exportieren</translation>
    </message>
    <message numerus="yes">
        <source>Writes the %n stored site(s) as %1 configuration, listening on %2 port %3. Settings that %1 cannot express are comments in the file.</source>
        <translation>
            <numerusform>Schreibt die %n gespeicherte Site als %1-Konfiguration, lauschend auf %2 Port %3. Einstellungen, die %1 nicht ausdrücken kann, stehen als Kommentare in der Datei.</numerusform>
            <numerusform>Schreibt die %n gespeicherten Sites als %1-Konfiguration, lauschend auf %2 Port %3. Einstellungen, die %1 nicht ausdrücken kann, stehen als Kommentare in der Datei.</numerusform>
        </translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>Give the file to write.</source>
        <translation>Geben Sie die zu schreibende Datei an.</translation>
    </message>
    <message>
        <source>Not written: %1</source>
        <translation>Nicht geschrieben: %1</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::GaveUpAppsNote</name>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Erneut versuchen</translation>
    </message>
    <message>
        <source>Starts the apps that gave up again, once their cause is fixed.</source>
        <translation>Startet die Apps, die aufgegeben haben, erneut, sobald ihre Ursache behoben ist.</translation>
    </message>
    <message>
        <source>The app of %1 (%2) %3.</source>
        <translation>Die App von %1 (%2) %3.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>What an app wrote is on the Logs page, in its site&apos;s app log.</source>
        <translation>Was eine App schrieb, steht auf der Seite Protokolle, im App-Protokoll ihrer Site.</translation>
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
        <translation>Status</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::LogsPage</name>
    <message>
        <source>&amp;Open Log File</source>
        <translation>Protokoll&amp;datei öffnen</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Alle Status</translation>
    </message>
    <message>
        <source>2xx success</source>
        <translation>2xx Erfolg</translation>
    </message>
    <message>
        <source>3xx redirection</source>
        <translation>3xx Umleitung</translation>
    </message>
    <message>
        <source>4xx client error</source>
        <translation>4xx Clientfehler</translation>
    </message>
    <message>
        <source>5xx server error</source>
        <translation>5xx Serverfehler</translation>
    </message>
    <message>
        <source>Error log lines</source>
        <translation>Zeilen der Fehlerprotokolle</translation>
    </message>
    <message>
        <source>Filter: text in the line</source>
        <translation>Filter: Text in der Zeile</translation>
    </message>
    <message>
        <source>S&amp;ite:</source>
        <translation>S&amp;ite:</translation>
    </message>
    <message>
        <source>Stat&amp;us:</source>
        <translation>Stat&amp;us:</translation>
    </message>
    <message>
        <source>No site writes a log.</source>
        <translation>Keine Site schreibt ein Protokoll.</translation>
    </message>
    <message numerus="yes">
        <source>Following %n file(s) in %1.</source>
        <translation>
            <numerusform>Folgt %n Datei in %1.</numerusform>
            <numerusform>Folgt %n Dateien in %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>All sites</source>
        <translation>Alle Sites</translation>
    </message>
    <message numerus="yes">
        <source>Paused while you read: %n new line(s) wait. Scroll to the end to see them.</source>
        <translation>
            <numerusform>Angehalten, während Sie lesen: %n neue Zeile wartet. Scrollen Sie ans Ende, um sie zu sehen.</numerusform>
            <numerusform>Angehalten, während Sie lesen: %n neue Zeilen warten. Scrollen Sie ans Ende, um sie zu sehen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a line, or a site, to open its log file</source>
        <translation>Wählen Sie eine Zeile oder eine Site, um ihre Protokolldatei zu öffnen</translation>
    </message>
    <message>
        <source>App output</source>
        <translation>Ausgabe der App</translation>
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
        <translation>Server</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Virtual hosts: host names, document roots, routes</source>
        <translation>Virtuelle Hosts: Hostnamen, Dokumentverzeichnisse, Routen</translation>
    </message>
    <message>
        <source>Where the engine listens; start and stop it</source>
        <translation>Wo der Server lauscht; starten und stoppen</translation>
    </message>
    <message>
        <source>Load-test a URL</source>
        <translation>Eine URL unter Last testen</translation>
    </message>
    <message>
        <source>Stored benchmark runs</source>
        <translation>Gespeicherte Benchmark-Läufe</translation>
    </message>
    <message>
        <source>About Hostbench</source>
        <translation>Über Hostbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Hostbench %1&lt;/h3&gt;&lt;p&gt;A web server with name-based virtual hosts, a load generator in the spirit of ApacheBench and wrk, and this window to run both.&lt;/p&gt;&lt;p&gt;Data folder: &lt;code&gt;%2&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Licence: GNU General Public License, version 3 or later (GPL-3.0-or-later). Hostbench comes with no warranty.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Hostbench %1&lt;/h3&gt;&lt;p&gt;Ein Webserver mit namensbasierten virtuellen Hosts, ein Lastgenerator nach dem Vorbild von ApacheBench und wrk und dieses Fenster, um beide zu bedienen.&lt;/p&gt;&lt;p&gt;Datenordner: &lt;code&gt;%2&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Lizenz: GNU General Public License, Version 3 oder später (GPL-3.0-or-later). Hostbench wird ohne jede Gewährleistung bereitgestellt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <comment>menu bar</comment>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Data Folder</source>
        <comment>File menu</comment>
        <translation>&amp;Datenordner öffnen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <comment>File menu</comment>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Engine</source>
        <comment>menu bar</comment>
        <translation>&amp;Server</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <comment>Engine menu</comment>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <comment>Engine menu</comment>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <comment>menu bar</comment>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Sites</source>
        <comment>View menu</comment>
        <translation>&amp;Sites</translation>
    </message>
    <message>
        <source>Se&amp;rver</source>
        <comment>View menu</comment>
        <translation>Se&amp;rver</translation>
    </message>
    <message>
        <source>&amp;Benchmark</source>
        <comment>View menu</comment>
        <translation>&amp;Benchmark</translation>
    </message>
    <message>
        <source>R&amp;uns</source>
        <comment>View menu</comment>
        <translation>&amp;Läufe</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <comment>menu bar</comment>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Hostbench</source>
        <comment>Help menu</comment>
        <translation>&amp;Über Hostbench</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <comment>Help menu</comment>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Hostbench is still running</source>
        <translation>Hostbench läuft weiter</translation>
    </message>
    <message>
        <source>The engine goes on serving. Click the icon to show the window, or quit from its menu. On the Server page you can have the window quit instead.</source>
        <translation>Der Server läuft weiter. Klicken Sie auf das Symbol, um das Fenster zu zeigen, oder beenden Sie Hostbench über sein Menü. Auf der Seite Server können Sie einstellen, dass das Fenster Hostbench stattdessen beendet.</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <comment>File menu</comment>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Wrote %1. Start it with: %2</source>
        <translation>%1 geschrieben. Starten mit: %2</translation>
    </message>
    <message>
        <source>Benchmark stopped</source>
        <translation>Benchmark abgebrochen</translation>
    </message>
    <message>
        <source>Benchmark finished</source>
        <translation>Benchmark beendet</translation>
    </message>
    <message>
        <source>%1 requests/s, p99 %2 (%3)</source>
        <translation>%1 Anfragen/s, p99 %2 (%3)</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Protokolle</translation>
    </message>
    <message>
        <source>The access and error logs of every site, live</source>
        <translation>Die Zugriffs- und Fehlerprotokolle aller Sites, live</translation>
    </message>
    <message>
        <source>&amp;Logs</source>
        <comment>View menu</comment>
        <translation>&amp;Protokolle</translation>
    </message>
    <message>
        <source>Shootout</source>
        <translation>Shootout</translation>
    </message>
    <message>
        <source>Hostbench beside nginx, lighttpd, h2o, Apache and Caddy on the same site</source>
        <translation>Hostbench neben nginx, lighttpd, h2o, Apache und Caddy auf derselben Site</translation>
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
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Anfragen/s</translation>
    </message>
    <message>
        <source>Service time p50 / p99</source>
        <translation>Bearbeitungszeit p50 / p99</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Gesendet</translation>
    </message>
    <message>
        <source>2xx / 3xx / 4xx / 5xx</source>
        <translation>2xx / 3xx / 4xx / 5xx</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>TLS handshakes/s</source>
        <translation>TLS-Handshakes/s</translation>
    </message>
    <message>
        <source>Resumed / TLS errors</source>
        <translation>Wiederaufgenommen / TLS-Fehler</translation>
    </message>
    <message>
        <source>%1% of %2</source>
        <translation>%1 % von %2</translation>
    </message>
    <message>
        <source>Connections open / accepted</source>
        <translation>Verbindungen offen / angenommen</translation>
    </message>
    <message>
        <source>HTTP/2 connections / streams each / resets</source>
        <translation>HTTP/2-Verbindungen / Streams je / Resets</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::PortConflictDialog</name>
    <message>
        <source>Use &amp;another port:</source>
        <translation>&amp;Anderen Port verwenden:</translation>
    </message>
    <message>
        <source>Engine Port Taken</source>
        <translation>Port des Servers belegt</translation>
    </message>
    <message>
        <source>Control API Port Taken</source>
        <translation>Port der Steuer-API belegt</translation>
    </message>
    <message>
        <source>The engine cannot listen on port %1: it is in use by %2.</source>
        <translation>Der Server kann nicht auf Port %1 lauschen: Er wird von %2 verwendet.</translation>
    </message>
    <message>
        <source>The control API cannot listen on port %1: it is in use by %2.</source>
        <translation>Die Steuer-API kann nicht auf Port %1 lauschen: Er wird von %2 verwendet.</translation>
    </message>
    <message>
        <source>Which port should it use instead?</source>
        <translation>Welchen Port soll sie stattdessen verwenden?</translation>
    </message>
    <message>
        <source>Use the &amp;next free port, %1</source>
        <translation>Den &amp;nächsten freien Port verwenden, %1</translation>
    </message>
    <message>
        <source>No free port in the next %1</source>
        <translation>Kein freier Port unter den nächsten %1</translation>
    </message>
    <message>
        <source>&amp;Use This Port</source>
        <translation>Diesen Port &amp;verwenden</translation>
    </message>
    <message>
        <source>Port %1 is in use too, by %2.</source>
        <translation>Port %1 ist ebenfalls belegt, von %2.</translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
    <message>
        <source>a program of another user (which one cannot be told)</source>
        <translation>einem Programm eines anderen Benutzers (welches, lässt sich nicht feststellen)</translation>
    </message>
    <message>
        <source>another program (which one cannot be told)</source>
        <translation>einem anderen Programm (welches, lässt sich nicht feststellen)</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ProxyRouteTableModel</name>
    <message>
        <source>Path Prefix</source>
        <translation>Pfadpräfix</translation>
    </message>
    <message>
        <source>Upstream URL</source>
        <translation>Upstream-URL</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ProxyRoutesEditor</name>
    <message>
        <source>Add Path</source>
        <translation>Pfad hinzufügen</translation>
    </message>
    <message>
        <source>Remove Path</source>
        <translation>Pfad entfernen</translation>
    </message>
    <message>
        <source>Requests for this path and below (whole segments; / is the whole site) go to the app at http://HOST:PORT[/PATH] or unix:/path/to.sock.</source>
        <translation>Anfragen für diesen Pfad und darunter (ganze Segmente; / ist die ganze Site) gehen an die App unter http://HOST:PORT[/PFAD] oder unix:/pfad/zum.sock.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RouteTableModel</name>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Content Type</source>
        <translation>Inhaltstyp</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Inhalt</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RoutesEditor</name>
    <message>
        <source>Add Route</source>
        <translation>Route hinzufügen</translation>
    </message>
    <message>
        <source>Remove Route</source>
        <translation>Route entfernen</translation>
    </message>
    <message>
        <source>A request for exactly this path (GET or HEAD) is answered with this status, content type and body; no file is read.</source>
        <translation>Eine Anfrage (GET oder HEAD) genau dieses Pfads wird mit diesem Status, Inhaltstyp und Inhalt beantwortet; es wird keine Datei gelesen.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunCompareDialog</name>
    <message>
        <source>Compare Runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>open %1/s</source>
        <translation>offen %1/s</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>geschlossen</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>A 95% bootstrap confidence interval on the ratio of the requests/s (blocks of 100 ms samples) and of the p99 (the latency histograms); see the README</source>
        <translation>Ein 95-%-Bootstrap-Konfidenzintervall für das Verhältnis der Anfragen/s (Blöcke von 100-ms-Stichproben) und der p99 (die Latenzhistogramme); siehe README</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>faster, %1 (%2 to %3)</source>
        <translation>schneller, %1 (%2 bis %3)</translation>
    </message>
    <message>
        <source>slower, %1 (%2 to %3)</source>
        <translation>langsamer, %1 (%2 bis %3)</translation>
    </message>
    <message>
        <source>no significant change, %1 (%2 to %3)</source>
        <translation>keine signifikante Änderung, %1 (%2 bis %3)</translation>
    </message>
    <message>
        <source>cannot tell: %1</source>
        <translation>nicht zu sagen: %1</translation>
    </message>
    <message>
        <source>%1 against %2, at 95% confidence: requests/s %3; p99 %4.</source>
        <translation>%1 gegenüber %2, bei 95 % Konfidenz: Anfragen/s %3; p99 %4.</translation>
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
        <translation>Ja</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Nein</translation>
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
        <translation>Modell</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Umfang</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Parallelität</translation>
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
        <translation>Anfragen/s</translation>
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
        <translation>Fehler</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunExportDialog</name>
    <message>
        <source>Export Runs</source>
        <translation>Läufe exportieren</translation>
    </message>
    <message numerus="yes">
        <source>Writes the %n selected run(s). JSON: an array with, for each run, what hostbench-cli runs export --json writes (summary, parameters, percentiles, samples). CSV: one line per 100 ms sample of each run, the run&apos;s id first. Leave a field empty to skip that file.</source>
        <translation>
            <numerusform>Schreibt %n ausgewählten Lauf. JSON: ein Array mit dem, was hostbench-cli runs export --json für den Lauf schreibt (Zusammenfassung, Parameter, Perzentile, Messwerte). CSV: eine Zeile pro 100-ms-Messwert, zuerst die ID des Laufs. Ein leeres Feld lässt diese Datei aus.</numerusform>
            <numerusform>Schreibt die %n ausgewählten Läufe. JSON: ein Array mit dem, was hostbench-cli runs export --json für jeden Lauf schreibt (Zusammenfassung, Parameter, Perzentile, Messwerte). CSV: eine Zeile pro 100-ms-Messwert jedes Laufs, zuerst die ID des Laufs. Ein leeres Feld lässt diese Datei aus.</numerusform>
        </translation>
    </message>
    <message>
        <source>A JSON array, one object per run as hostbench-cli runs export --json writes it</source>
        <translation>Ein JSON-Array, ein Objekt pro Lauf, wie hostbench-cli runs export --json es schreibt</translation>
    </message>
    <message>
        <source>One line per 100 ms sample of each run: run_id, then the columns of hostbench-cli runs export --csv</source>
        <translation>Eine Zeile pro 100-ms-Messwert jedes Laufs: run_id, dann die Spalten von hostbench-cli runs export --csv</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>&amp;JSON file:</source>
        <translation>&amp;JSON-Datei:</translation>
    </message>
    <message>
        <source>C&amp;SV file:</source>
        <translation>C&amp;SV-Datei:</translation>
    </message>
    <message>
        <source>Give a JSON file, a CSV file or both.</source>
        <translation>Geben Sie eine JSON-Datei, eine CSV-Datei oder beide an.</translation>
    </message>
    <message>
        <source>Not written: %1</source>
        <translation>Nicht geschrieben: %1</translation>
    </message>
    <message>
        <source>Written: %1. The other file was not: see the message under its field.</source>
        <translation>Geschrieben: %1. Die andere Datei nicht: siehe die Meldung unter ihrem Feld.</translation>
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
        <translation>Datum</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>Req/s</source>
        <translation>Anfr./s</translation>
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
        <translation>Fehler</translation>
    </message>
    <message>
        <source>open, %1 req/s</source>
        <translation>offen, %1 Anfr./s</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>geschlossen</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 Anfragen</translation>
    </message>
    <message>
        <source>Open model: requests sent at a constant rate, latency corrected for coordinated omission</source>
        <translation>Offenes Modell: Anfragen mit fester Rate gesendet, Latenz um Coordinated Omission korrigiert</translation>
    </message>
    <message>
        <source>Closed model: each connection sends its next request when the last one is answered</source>
        <translation>Geschlossenes Modell: Jede Verbindung sendet ihre nächste Anfrage, wenn die letzte beantwortet ist</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Umfang</translation>
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
        <translation>Lastmodell: geschlossen (jede Verbindung wartet auf ihre Antwort) oder offen (feste Rate an Anfragen pro Sekunde)</translation>
    </message>
    <message>
        <source>How long the run was asked to last, or how many requests it was asked to send</source>
        <translation>Wie lange der Lauf dauern oder wie viele Anfragen er senden sollte</translation>
    </message>
    <message>
        <source>Whether connections were kept alive for further requests</source>
        <translation>Ob Verbindungen für weitere Anfragen offen gehalten wurden</translation>
    </message>
    <message>
        <source>Connections open at once</source>
        <translation>Gleichzeitig offene Verbindungen</translation>
    </message>
    <message>
        <source>Load generator threads</source>
        <translation>Threads des Lastgenerators</translation>
    </message>
    <message>
        <source>Requests answered</source>
        <translation>Beantwortete Anfragen</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>Anfragen pro Sekunde</translation>
    </message>
    <message>
        <source>Median latency (50th percentile)</source>
        <translation>Median der Latenz (50. Perzentil)</translation>
    </message>
    <message>
        <source>99th percentile latency</source>
        <translation>Latenz am 99. Perzentil</translation>
    </message>
    <message>
        <source>Requests that failed (connect, read, write, timeout, parse)</source>
        <translation>Fehlgeschlagene Anfragen (Verbinden, Lesen, Schreiben, Zeitüberschreitung, Parsen)</translation>
    </message>
    <message>
        <source>Double-click to write a note</source>
        <translation>Doppelklicken, um eine Notiz zu schreiben</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Your note on the run: double-click or F2 to write it; it is stored at once</source>
        <translation>Ihre Notiz zum Lauf: Doppelklick oder F2 zum Schreiben; sie wird sofort gespeichert</translation>
    </message>
    <message>
        <source>broken off at %1 of %2</source>
        <translation>abgebrochen bei %1 von %2</translation>
    </message>
    <message>
        <source>broken off, nothing stored (%1)</source>
        <translation>abgebrochen, nichts gespeichert (%1)</translation>
    </message>
    <message>
        <source>stopped at %1 of %2</source>
        <translation>gestoppt bei %1 von %2</translation>
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
Shootout %2: %3, Last %4, Runde %5</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>The run&apos;s number, as the Compare dialog and hostbench-cli runs name it</source>
        <translation>Die Nummer des Laufs, wie der Vergleichsdialog und hostbench-cli runs sie nennen</translation>
    </message>
    <message>
        <source>The URL the run was sent to; for a shootout&apos;s run, the server it measured first</source>
        <translation>Die URL, an die der Lauf gesendet wurde; bei einem Lauf aus einem Shootout steht der gemessene Server davor</translation>
    </message>
    <message>
        <source>running, at %1 of %2</source>
        <translation>läuft, bei %1 von %2</translation>
    </message>
    <message>
        <source>starting (%1)</source>
        <translation>startet (%1)</translation>
    </message>
    <message>
        <source>open, in stages</source>
        <translation>offen, in Stufen</translation>
    </message>
    <message>
        <source>aborted at %1 of %2 (%3)</source>
        <translation>abgebrochen bei %1 von %2 (%3)</translation>
    </message>
    <message>
        <source>Open model in stages: %1, latency corrected for coordinated omission</source>
        <translation>Offenes Modell in Stufen: %1, Latenz um Coordinated Omission korrigiert</translation>
    </message>
    <message>
        <source>The baseline of %1: hostbench-cli bench --compare-baseline compares the runs of this method and URL with it</source>
        <translation>Der Basislauf von %1: hostbench-cli bench --compare-baseline vergleicht die Läufe dieser Methode und URL mit ihm</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunsPage</name>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Select a run to see its report.</source>
        <translation>Wählen Sie einen Lauf, um seinen Bericht zu sehen.</translation>
    </message>
    <message>
        <source>The newest %1 runs</source>
        <translation>Die neuesten %1 Läufe</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>No runs yet: start one in Benchmark.</source>
        <translation>Noch keine Läufe: Starten Sie einen unter „Benchmark“.</translation>
    </message>
    <message>
        <source>Delete Run</source>
        <translation>Lauf löschen</translation>
    </message>
    <message>
        <source>Delete this run and its samples? This cannot be undone.</source>
        <translation>Diesen Lauf mit seinen Messwerten löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Run Not Deleted</source>
        <translation>Lauf nicht gelöscht</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Read the list again, with runs stored by hostbench-cli (F5)</source>
        <translation>Liste neu lesen, mit den von hostbench-cli gespeicherten Läufen (F5)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Vergleichen</translation>
    </message>
    <message>
        <source>Compare the selected runs side by side (select several with Ctrl or Shift)</source>
        <translation>Die ausgewählten Läufe nebeneinander vergleichen (mehrere mit Strg oder Umschalt auswählen)</translation>
    </message>
    <message>
        <source>E&amp;xport...</source>
        <translation>E&amp;xportieren...</translation>
    </message>
    <message>
        <source>Write the selected runs to a JSON file (one object per run) and a CSV file (one line per 100 ms sample)</source>
        <translation>Die ausgewählten Läufe in eine JSON-Datei (ein Objekt pro Lauf) und eine CSV-Datei (eine Zeile pro 100-ms-Messwert) schreiben</translation>
    </message>
    <message>
        <source>Delete these %1 runs and their samples? This cannot be undone.</source>
        <translation>Diese %1 Läufe mit ihren Messwerten löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Notiz: %1</translation>
    </message>
    <message>
        <source>Note Not Saved</source>
        <translation>Notiz nicht gespeichert</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n run(s) to %1.</source>
        <translation>
            <numerusform>%n Lauf nach %1 exportiert.</numerusform>
            <numerusform>%n Läufe nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>%1 · %2 — %3</source>
        <translation>%1 · %2 — %3</translation>
    </message>
    <message>
        <source>The runs cannot be read: %1</source>
        <translation>Die Läufe können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Export re&amp;port…</source>
        <translation>&amp;Bericht exportieren…</translation>
    </message>
    <message>
        <source>Set as &amp;baseline</source>
        <translation>Als Basislauf &amp;setzen</translation>
    </message>
    <message>
        <source>Write the selected run&apos;s report to share: an HTML page that a browser shows offline, or Markdown for a pull-request comment (by the file&apos;s suffix)</source>
        <translation>Den Bericht des gewählten Laufs zum Weitergeben schreiben: eine HTML-Seite, die ein Browser offline zeigt, oder Markdown für einen Pull-Request-Kommentar (nach der Dateiendung)</translation>
    </message>
    <message>
        <source>Make the selected run the baseline of its method and URL: hostbench-cli bench --compare-baseline compares new runs with it</source>
        <translation>Den gewählten Lauf zum Basislauf seiner Methode und URL machen: hostbench-cli bench --compare-baseline vergleicht neue Läufe mit ihm</translation>
    </message>
    <message>
        <source>Baseline Not Changed</source>
        <translation>Basislauf nicht geändert</translation>
    </message>
    <message>
        <source>HTML page (*.html *.htm)</source>
        <translation>HTML-Seite (*.html *.htm)</translation>
    </message>
    <message>
        <source>Markdown (*.md *.markdown)</source>
        <translation>Markdown (*.md *.markdown)</translation>
    </message>
    <message>
        <source>Export Report of Run %1</source>
        <translation>Bericht von Lauf %1 exportieren</translation>
    </message>
    <message>
        <source>Report of run %1 written to %2.</source>
        <translation>Bericht von Lauf %1 nach %2 geschrieben.</translation>
    </message>
    <message>
        <source>Report of run %1 not written: %2</source>
        <translation>Bericht von Lauf %1 nicht geschrieben: %2</translation>
    </message>
    <message>
        <source>Clear base&amp;line</source>
        <translation>Basislauf &amp;entfernen</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ServerPage</name>
    <message>
        <source>Start the engine at launch</source>
        <translation>Server beim Programmstart starten</translation>
    </message>
    <message>
        <source>Control API on 127.0.0.1, port</source>
        <translation>Steuer-API auf 127.0.0.1, Port</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>127.0.0.1 serves this computer only; 0.0.0.0 or :: serves the network too.</source>
        <translation>127.0.0.1 bedient nur diesen Rechner; 0.0.0.0 oder :: auch das Netzwerk.</translation>
    </message>
    <message>
        <source>Any free port</source>
        <translation>Beliebiger freier Port</translation>
    </message>
    <message>
        <source>One per core (%1)</source>
        <translation>Einer je Kern (%1)</translation>
    </message>
    <message>
        <source>GET /api/status (JSON) and GET /metrics (Prometheus) while the engine runs.</source>
        <translation>GET /api/status (JSON) und GET /metrics (Prometheus), solange der Server läuft.</translation>
    </message>
    <message>
        <source>Listen &amp;address:</source>
        <translation>Listen-&amp;Adresse:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>&amp;Worker threads:</source>
        <translation>&amp;Worker-Threads:</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Live Counters</source>
        <translation>Live-Zähler</translation>
    </message>
    <message>
        <source>“%1” is not an IP address. Use 127.0.0.1 for this computer only, 0.0.0.0 for every IPv4 interface.</source>
        <translation>„%1“ ist keine IP-Adresse. Verwenden Sie 127.0.0.1 nur für diesen Rechner, 0.0.0.0 für alle IPv4-Schnittstellen.</translation>
    </message>
    <message>
        <source>The settings could not be saved: %1</source>
        <translation>Die Einstellungen konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>The engine did not start: %1</source>
        <translation>Der Server wurde nicht gestartet: %1</translation>
    </message>
    <message numerus="yes">
        <source>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; with %n worker thread(s).</source>
        <translation>
            <numerusform>Liefert &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; mit %n Worker-Thread aus.</numerusform>
            <numerusform>Liefert &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; mit %n Worker-Threads aus.</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine is stopped.</source>
        <translation>Der Server ist gestoppt.</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>A request head must arrive within this time of its first byte.</source>
        <translation>Der Kopf einer Anfrage muss innerhalb dieser Zeit nach seinem ersten Byte eintreffen.</translation>
    </message>
    <message>
        <source>An idle kept-alive connection is closed after this time.</source>
        <translation>Eine ruhende Keep-alive-Verbindung wird nach dieser Zeit geschlossen.</translation>
    </message>
    <message>
        <source>A response the client stops reading is abandoned after this time.</source>
        <translation>Eine Antwort, die der Client nicht mehr liest, wird nach dieser Zeit aufgegeben.</translation>
    </message>
    <message>
        <source>Open connections per worker thread; more are answered 503.</source>
        <translation>Offene Verbindungen je Worker-Thread; weitere werden mit 503 beantwortet.</translation>
    </message>
    <message>
        <source>&amp;Header timeout:</source>
        <translation>&amp;Header-Timeout:</translation>
    </message>
    <message>
        <source>&amp;Keep-alive timeout:</source>
        <translation>&amp;Keep-alive-Timeout:</translation>
    </message>
    <message>
        <source>S&amp;end timeout:</source>
        <translation>S&amp;ende-Timeout:</translation>
    </message>
    <message>
        <source>&amp;Connections per worker:</source>
        <translation>&amp;Verbindungen je Worker:</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>Takes effect when Hostbench starts again.</source>
        <translation>Wird beim nächsten Start von Hostbench wirksam.</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>Sp&amp;rache:</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2, so the engine serves on port %3 instead.</source>
        <translation>Port %1 ist von %2 belegt, daher läuft der Server stattdessen auf Port %3.</translation>
    </message>
    <message>
        <source>Keep running in the system tray when the window is closed</source>
        <translation>Nach dem Schließen des Fensters im Infobereich weiterlaufen</translation>
    </message>
    <message>
        <source>This desktop has no system tray: closing the window quits Hostbench.</source>
        <translation>Dieser Desktop hat keinen Infobereich: Das Schließen des Fensters beendet Hostbench.</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2; the engine was not started.</source>
        <translation>Port %1 wird von %2 verwendet; der Server wurde nicht gestartet.</translation>
    </message>
    <message>
        <source>Port %1 is in use by %2. Start again to choose another port.</source>
        <translation>Port %1 wird von %2 verwendet. Starten Sie erneut, um einen anderen Port zu wählen.</translation>
    </message>
    <message>
        <source>Use the next free port if taken</source>
        <translation>Wenn belegt, nächsten freien Port nehmen</translation>
    </message>
    <message>
        <source>Keep running in the tray when closed</source>
        <translation>Beim Schließen im Infobereich bleiben</translation>
    </message>
    <message>
        <source>If the port is taken, the engine and the control API move to the next free port without asking and say so; the port set here stays as it is.</source>
        <translation>Ist der Port belegt, weichen die Engine und die Steuer-API ohne Rückfrage auf den nächsten freien Port aus und sagen es; der hier eingestellte Port bleibt, wie er ist.</translation>
    </message>
    <message>
        <source>Untick it to be asked which port to use instead.</source>
        <translation>Deaktivieren Sie es, um gefragt zu werden, welcher Port stattdessen verwendet werden soll.</translation>
    </message>
    <message>
        <source>HTTPS on port</source>
        <translation>HTTPS auf Port</translation>
    </message>
    <message>
        <source>T&amp;rust the CA…</source>
        <translation>CA vertra&amp;uen…</translation>
    </message>
    <message>
        <source>Serves every site over HTTPS too, on the listen address and this port, with a certificate from Hostbench&apos;s own certificate authority.</source>
        <translation>Liefert jede Site auch über HTTPS aus, auf der Listen-Adresse und diesem Port, mit einem Zertifikat der eigenen Zertifizierungsstelle von Hostbench.</translation>
    </message>
    <message>
        <source>Makes this computer&apos;s certificate store and the browsers&apos; (Chromium, Firefox) trust Hostbench&apos;s certificate authority, so that HTTPS pages open without a warning. What cannot be done as this user is shown as commands to run.</source>
        <translation>Lässt den Zertifikatsspeicher dieses Computers und die der Browser (Chromium, Firefox) der Zertifizierungsstelle von Hostbench vertrauen, damit HTTPS-Seiten ohne Warnung öffnen. Was als dieser Benutzer nicht geht, wird als auszuführende Befehle angezeigt.</translation>
    </message>
    <message>
        <source>HTTPS: %1</source>
        <translation>HTTPS: %1</translation>
    </message>
    <message>
        <source>There is no data folder, so there is no certificate authority to trust.</source>
        <translation>Es gibt keinen Datenordner und damit keine Zertifizierungsstelle, der vertraut werden könnte.</translation>
    </message>
    <message>
        <source>Trusting…</source>
        <translation>Wird eingetragen…</translation>
    </message>
    <message>
        <source>Trust Hostbench&apos;s certificate authority</source>
        <translation>Der Zertifizierungsstelle von Hostbench vertrauen</translation>
    </message>
    <message>
        <source>Each trust store below says what was done. Restart the browser if it was open.</source>
        <translation>Jeder Zertifikatsspeicher unten sagt, was getan wurde. Starten Sie den Browser neu, falls er offen war.</translation>
    </message>
    <message>
        <source>Not every trust store could be changed.</source>
        <translation>Nicht jeder Zertifikatsspeicher konnte geändert werden.</translation>
    </message>
    <message numerus="yes">
        <source>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; and &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; with %n worker thread(s).</source>
        <translation>
            <numerusform>Liefert &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; und &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; mit %n Worker-Thread aus.</numerusform>
            <numerusform>Liefert &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; und &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; mit %n Worker-Threads aus.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ShootoutCharts</name>
    <message>
        <source>Requests per second (median)</source>
        <translation>Anfragen pro Sekunde (Median)</translation>
    </message>
    <message>
        <source>p99 latency (median)</source>
        <translation>p99-Latenz (Median)</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>Anfragen/s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>capacity (requests/s)</source>
        <translation>Kapazität (Anfragen/s)</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ShootoutPage</name>
    <message>
        <source>What the shootout says as it goes.</source>
        <translation>Was der Shootout unterwegs meldet.</translation>
    </message>
    <message>
        <source>Shootout</source>
        <translation>Shootout</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>Lasten</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Anfragen/s</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>Streuung</translation>
    </message>
    <message>
        <source>Ratio to best</source>
        <translation>Verhältnis zum Besten</translation>
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
        <translation>CPU µs/Anfrage</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>%1 (missing: apt-get install %2)</source>
        <translation>%1 (fehlt: apt-get install %2)</translation>
    </message>
    <message>
        <source>Closed: connections</source>
        <translation>Geschlossen: Verbindungen</translation>
    </message>
    <message>
        <source>Open: requests per second</source>
        <translation>Offen: Anfragen pro Sekunde</translation>
    </message>
    <message>
        <source>each workload&apos;s own</source>
        <translation>je nach Last</translation>
    </message>
    <message>
        <source>&amp;Keep-alive</source>
        <translation>&amp;Keep-alive</translation>
    </message>
    <message>
        <source> requests/s</source>
        <translation> Anfragen/s</translation>
    </message>
    <message>
        <source> s per run</source>
        <translation> s pro Lauf</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>&amp;Connections:</source>
        <translation>&amp;Verbindungen:</translation>
    </message>
    <message>
        <source>R&amp;ate:</source>
        <translation>R&amp;ate:</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>&amp;Dauer:</translation>
    </message>
    <message>
        <source>R&amp;ounds:</source>
        <translation>&amp;Runden:</translation>
    </message>
    <message>
        <source>&amp;Run Shootout</source>
        <translation>Shootout &amp;starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>Pick at least one server.</source>
        <translation>Wählen Sie mindestens einen Server.</translation>
    </message>
    <message>
        <source>Pick at least one workload.</source>
        <translation>Wählen Sie mindestens eine Last.</translation>
    </message>
    <message>
        <source>hostbench-cli is not found beside Hostbench nor on PATH.</source>
        <translation>hostbench-cli wurde weder neben Hostbench noch im PATH gefunden.</translation>
    </message>
    <message>
        <source>Cannot start %1: %2</source>
        <translation>%1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>Starting the servers and checking their answers…</source>
        <translation>Die Server werden gestartet und ihre Antworten geprüft …</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird gestoppt …</translation>
    </message>
    <message>
        <source>The shootout ended abnormally.</source>
        <translation>Der Shootout endete unerwartet.</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>The shootout failed: see its output below.</source>
        <translation>Der Shootout ist fehlgeschlagen: siehe die Ausgabe unten.</translation>
    </message>
    <message>
        <source> (broken off)</source>
        <translation> (abgebrochen)</translation>
    </message>
    <message>
        <source>Shootout %1, %2: %3 s per run, median of %4 round(s)</source>
        <translation>Shootout %1, %2: %3 s pro Lauf, Median aus %4 Runde(n)</translation>
    </message>
    <message>
        <source>%1: not installed (apt-get install %2)</source>
        <translation>%1: nicht installiert (apt-get install %2)</translation>
    </message>
    <message>
        <source>%1: failed to start: %2</source>
        <translation>%1: Start fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1: left out, %2</source>
        <translation>%1: ausgelassen, %2</translation>
    </message>
    <message>
        <source>E&amp;xport...</source>
        <translation>E&amp;xportieren...</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Delete the shown shootout and its runs</source>
        <translation>Den angezeigten Shootout mit seinen Läufen löschen</translation>
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
        <translation>Shootout %1 exportieren</translation>
    </message>
    <message>
        <source>Shootout %1 not exported: %2</source>
        <translation>Shootout %1 nicht exportiert: %2</translation>
    </message>
    <message>
        <source>Shootout %1 exported to %2.</source>
        <translation>Shootout %1 nach %2 exportiert.</translation>
    </message>
    <message numerus="yes">
        <source>Delete shootout %1 and its %n run(s)? They leave the Runs page too. This cannot be undone.</source>
        <translation>
            <numerusform>Shootout %1 und seinen %n Lauf löschen? Er verschwindet auch von der Seite Läufe. Das lässt sich nicht rückgängig machen.</numerusform>
            <numerusform>Shootout %1 und seine %n Läufe löschen? Sie verschwinden auch von der Seite Läufe. Das lässt sich nicht rückgängig machen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete Shootout</source>
        <translation>Shootout löschen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Shootout %1 not deleted: %2</source>
        <translation>Shootout %1 nicht gelöscht: %2</translation>
    </message>
    <message>
        <source>Shootout %1 and its runs deleted.</source>
        <translation>Shootout %1 und seine Läufe gelöscht.</translation>
    </message>
    <message>
        <source>Round %1 of %2: %3 %4</source>
        <translation>Runde %1 von %2: %3 %4</translation>
    </message>
    <message>
        <source>ref</source>
        <comment>the upstream alone, not ranked</comment>
        <translation>Ref.</translation>
    </message>
    <message>
        <source>&amp;SLO:</source>
        <translation>SL&amp;O:</translation>
    </message>
    <message>
        <source>Ste&amp;p:</source>
        <translation>Sc&amp;hritt:</translation>
    </message>
    <message>
        <source>Ranks the servers by capacity: for each workload and server, the highest rate whose steps meet every SLO (hostbench-cli shootout --capacity), searched from the rate by doubling, then bisection</source>
        <translation>Ordnet die Server nach Kapazität: für jede Last und jeden Server die höchste Rate, deren Schritte jedes SLO einhalten (hostbench-cli shootout --capacity), gesucht ab der Rate durch Verdoppeln, dann Halbieren</translation>
    </message>
    <message>
        <source>e.g. p99&lt;10ms, errors&lt;0.1%</source>
        <translation>z. B. p99&lt;10ms, errors&lt;0.1%</translation>
    </message>
    <message>
        <source>What every step must meet, parted by commas, as hostbench-cli bench --slo: a latency pN, mean, min or max; rps; errors; non2xx</source>
        <translation>Was jeder Schritt einhalten muss, durch Kommas getrennt, wie bei hostbench-cli bench --slo: eine Latenz pN, mean, min oder max; rps; errors; non2xx</translation>
    </message>
    <message>
        <source> s per step</source>
        <translation> s pro Schritt</translation>
    </message>
    <message>
        <source>An SLO does not read: %1.</source>
        <translation>Ein SLO ist nicht lesbar: %1.</translation>
    </message>
    <message>
        <source>Give at least one SLO, such as p99&lt;10ms.</source>
        <translation>Geben Sie mindestens ein SLO an, etwa p99&lt;10ms.</translation>
    </message>
    <message>
        <source>Write the shown shootout to a JSON, CSV, Markdown or HTML file, as hostbench-cli shootout export does</source>
        <translation>Den angezeigten Shootout in eine JSON-, CSV-, Markdown- oder HTML-Datei schreiben, wie hostbench-cli shootout export</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML-Bericht (*.html)</translation>
    </message>
    <message>
        <source>Cannot export as &quot;%1&quot;: the formats are json, csv, md and html.</source>
        <translation>Export als „%1“ nicht möglich: Die Formate sind json, csv, md und html.</translation>
    </message>
    <message>
        <source>Shootout %1, %2: capacity at %3, steps of %4 s, median of %5 round(s)</source>
        <translation>Shootout %1, %2: Kapazität bei %3, Schritte von %4 s, Median aus %5 Runde(n)</translation>
    </message>
    <message>
        <source>Capacity (req/s)</source>
        <translation>Kapazität (Anf./s)</translation>
    </message>
    <message>
        <source>Capac&amp;ity at SLO</source>
        <translation>Kapa&amp;zität bei SLO</translation>
    </message>
    <message>
        <source>Machine: %1</source>
        <translation>Rechner: %1</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteAdvancedPage</name>
    <message>
        <source>List a folder&apos;s files when it has no index file</source>
        <translation>Dateien eines Ordners auflisten, wenn er keine Indexdatei hat</translation>
    </message>
    <message>
        <source>Follow symbolic links out of the document root</source>
        <translation>Symbolischen Links aus dem Dokumentverzeichnis hinaus folgen</translation>
    </message>
    <message>
        <source>Serve hidden files (names starting with “.”, such as .git or .env)</source>
        <translation>Versteckte Dateien ausliefern (Namen, die mit „.“ beginnen, wie .git oder .env)</translation>
    </message>
    <message>
        <source>Off: a path with a part starting with “.” answers 404 and listings leave such names out; /.well-known/ is always served.</source>
        <translation>Aus: Ein Pfad mit einem Teil, der mit „.“ beginnt, ergibt 404, und Auflistungen lassen solche Namen weg; /.well-known/ wird immer ausgeliefert.</translation>
    </message>
    <message>
        <source>Access log:</source>
        <translation>Zugriffsprotokoll:</translation>
    </message>
    <message>
        <source>Error log:</source>
        <translation>Fehlerprotokoll:</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> KiB</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source> old files</source>
        <translation> alte Dateien</translation>
    </message>
    <message>
        <source> bytes</source>
        <translation> Bytes</translation>
    </message>
    <message>
        <source>index.html, index.htm</source>
        <translation>index.html, index.htm</translation>
    </message>
    <message>
        <source>File names tried in order when a folder is requested.</source>
        <translation>Dateinamen, die der Reihe nach versucht werden, wenn ein Ordner angefragt wird.</translation>
    </message>
    <message>
        <source>Default: logs/%1.access.log in the data folder</source>
        <translation>Vorgabe: logs/%1.access.log im Datenordner</translation>
    </message>
    <message>
        <source>Default: logs/%1.error.log in the data folder</source>
        <translation>Vorgabe: logs/%1.error.log im Datenordner</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>&amp;Index files:</source>
        <translation>&amp;Indexdateien:</translation>
    </message>
    <message>
        <source>Logs</source>
        <translation>Protokolle</translation>
    </message>
    <message>
        <source>&amp;Rotate at:</source>
        <translation>&amp;Rotieren bei:</translation>
    </message>
    <message>
        <source>Request limits</source>
        <translation>Anfragegrenzen</translation>
    </message>
    <message>
        <source>Request &amp;line:</source>
        <translation>Anfrage&amp;zeile:</translation>
    </message>
    <message>
        <source>&amp;Header block:</source>
        <translation>&amp;Header-Block:</translation>
    </message>
    <message>
        <source>Header &amp;fields:</source>
        <translation>Header-&amp;Felder:</translation>
    </message>
    <message>
        <source>Request &amp;body:</source>
        <translation>Anfrage-&amp;Body:</translation>
    </message>
    <message>
        <source>“%1” is not a plain file name.</source>
        <translation>„%1“ ist kein einfacher Dateiname.</translation>
    </message>
    <message>
        <source>Give the full path of the file, or leave it empty for the default.</source>
        <translation>Geben Sie den vollständigen Pfad der Datei an, oder lassen Sie das Feld für die Vorgabe leer.</translation>
    </message>
    <message>
        <source>This is a folder; give a file name.</source>
        <translation>Das ist ein Ordner; geben Sie einen Dateinamen an.</translation>
    </message>
    <message>
        <source>Default: in logs/ of the data folder, named after the host</source>
        <translation>Vorgabe: in logs/ im Datenordner, nach dem Host benannt</translation>
    </message>
    <message>
        <source>Log the requests of Hostbench&apos;s own benchmarks</source>
        <translation>Anfragen der eigenen Lasttests von Hostbench protokollieren</translation>
    </message>
    <message>
        <source>Off: requests of Hostbench&apos;s load generator (User-Agent Hostbench/…) are counted but not logged, so that a benchmark does not rotate away the log of the site&apos;s real traffic.</source>
        <translation>Aus: Anfragen des Lastgenerators von Hostbench (User-Agent Hostbench/…) werden gezählt, aber nicht protokolliert, damit ein Lasttest das Protokoll des echten Verkehrs der Site nicht wegrotiert.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <source>Default site: answers requests for unknown host names</source>
        <translation>Standard-Site: beantwortet Anfragen für unbekannte Hostnamen</translation>
    </message>
    <message>
        <source>Add Site</source>
        <translation>Site hinzufügen</translation>
    </message>
    <message>
        <source>Edit Site %1</source>
        <translation>Site %1 bearbeiten</translation>
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
        <translation>Um die Standard-Site zu wechseln, machen Sie eine andere Site zum Standard.</translation>
    </message>
    <message>
        <source>&amp;Host name:</source>
        <translation>&amp;Hostname:</translation>
    </message>
    <message>
        <source>&amp;Aliases:</source>
        <translation>&amp;Aliasse:</translation>
    </message>
    <message>
        <source>&amp;Document root:</source>
        <translation>&amp;Dokumentverzeichnis:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Routes&lt;/b&gt; answer a path with a fixed response, before any file of the document root.</source>
        <translation>&lt;b&gt;Routen&lt;/b&gt; beantworten einen Pfad mit einer festen Antwort, noch vor jeder Datei des Dokumentverzeichnisses.</translation>
    </message>
    <message>
        <source>Create it</source>
        <translation>Anlegen</translation>
    </message>
    <message>
        <source>Document Root</source>
        <translation>Dokumentverzeichnis</translation>
    </message>
    <message>
        <source>The folder could not be created.</source>
        <translation>Der Ordner konnte nicht angelegt werden.</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>Allge&amp;mein</translation>
    </message>
    <message>
        <source>Ad&amp;vanced</source>
        <translation>&amp;Erweitert</translation>
    </message>
    <message>
        <source>Pro&amp;xy</source>
        <translation>Pro&amp;xy</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Proxy to an app</source>
        <translation>Proxy zu einer App</translation>
    </message>
    <message>
        <source>&amp;Serves:</source>
        <translation>&amp;Liefert:</translation>
    </message>
    <message>
        <source>Choose “Proxy to an app” under Serves first.</source>
        <translation>Wählen Sie zuerst „Proxy zu einer App“ unter Liefert.</translation>
    </message>
    <message>
        <source>Still needed: the paths that are not proxied are served from this folder.</source>
        <translation>Weiter nötig: die Pfade, die nicht weitergeleitet werden, kommen aus diesem Ordner.</translation>
    </message>
    <message>
        <source>The site&apos;s files: each request is answered from this folder.</source>
        <translation>Die Dateien der Site: jede Anfrage wird aus diesem Ordner beantwortet.</translation>
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
        <translation>Dateien: die Dateien des Dokumentverzeichnisses. Proxy zu einer App: die Pfade des Tabs Proxy gehen an einen App-Server (die anderen bleiben Dateien). PHP: die Dateien, und die PHP-Dateien laufen in PHP-FPM (der Tab PHP).</translation>
    </message>
    <message>
        <source>Choose “PHP” under Serves first.</source>
        <translation>Wählen Sie zuerst „PHP“ unter Liefert.</translation>
    </message>
    <message>
        <source>The site&apos;s files: its PHP files run in PHP-FPM, the others are sent from this folder.</source>
        <translation>Die Dateien der Site: ihre PHP-Dateien laufen in PHP-FPM, die anderen werden aus diesem Ordner gesendet.</translation>
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
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <source>&amp;Redirect http:// to https:// (308, the method kept)</source>
        <translation>&amp;Weiterleitung von http:// auf https:// (308, die Methode bleibt)</translation>
    </message>
    <message>
        <source>empty: from Hostbench&apos;s certificate authority</source>
        <translation>leer: von der Zertifizierungsstelle von Hostbench</translation>
    </message>
    <message>
        <source>A PEM file with the site&apos;s certificate first, then its chain.</source>
        <translation>Eine PEM-Datei mit dem Zertifikat der Site zuerst, dann seiner Kette.</translation>
    </message>
    <message>
        <source>The PEM file of the certificate&apos;s private key (unencrypted).</source>
        <translation>Die PEM-Datei des privaten Schlüssels des Zertifikats (unverschlüsselt).</translation>
    </message>
    <message>
        <source>While the engine serves HTTPS, a request over http:// is answered 308 Permanent Redirect to the same path on the HTTPS port.</source>
        <translation>Solange die Engine HTTPS ausliefert, wird eine Anfrage über http:// mit 308 Permanent Redirect auf denselben Pfad am HTTPS-Port beantwortet.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Strict-Transport-Security: browsers that saw it use only https:// for this name until the max-age runs out (31,536,000 s is a year). Off for local sites that may be served over http:// again.</source>
        <translation>Strict-Transport-Security: Browser, die es gesehen haben, verwenden für diesen Namen nur noch https://, bis die max-age abläuft (31.536.000 s sind ein Jahr). Aus für lokale Sites, die wieder über http:// ausgeliefert werden könnten.</translation>
    </message>
    <message>
        <source>Certificate File</source>
        <translation>Zertifikatsdatei</translation>
    </message>
    <message>
        <source>Private Key File</source>
        <translation>Datei des privaten Schlüssels</translation>
    </message>
    <message>
        <source>&amp;Certificate file:</source>
        <translation>&amp;Zertifikatsdatei:</translation>
    </message>
    <message>
        <source>Private &amp;key file:</source>
        <translation>Schlüssel&amp;datei:</translation>
    </message>
    <message>
        <source>&amp;HSTS max-age:</source>
        <translation>&amp;HSTS-max-age:</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt *.cer *.key);;All files (*)</source>
        <translation>PEM-Dateien (*.pem *.crt *.cer *.key);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&lt;b&gt;HTTPS&lt;/b&gt; serves this site while it is on (the Server page). Without files of its own the site gets a certificate from Hostbench&apos;s certificate authority for its names and their .localhost forms; browsers trust it once the authority is trusted (Server page, Trust Hostbench&apos;s certificate authority).</source>
        <translation>&lt;b&gt;HTTPS&lt;/b&gt; liefert diese Site aus, solange es eingeschaltet ist (Seite „Server“). Ohne eigene Dateien erhält die Site ein Zertifikat der Zertifizierungsstelle von Hostbench für ihre Namen und deren .localhost-Formen; Browser vertrauen ihm, sobald der Zertifizierungsstelle vertraut wird (Seite „Server“, „Der Zertifizierungsstelle von Hostbench vertrauen“).</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SitePhpPage</name>
    <message>
        <source>&amp;Front controller (send missing files to index.php, as Laravel and WordPress)</source>
        <translation>&amp;Front-Controller (fehlende Dateien an index.php senden, wie Laravel und WordPress)</translation>
    </message>
    <message>
        <source>unix:/path.sock or HOST:PORT</source>
        <translation>unix:/pfad.sock oder HOST:PORT</translation>
    </message>
    <message>
        <source>auto: a PHP-FPM pool that Hostbench starts and stops for its data folder. Else where a PHP-FPM pool listens: unix:/run/php/php8.2-fpm.sock or 127.0.0.1:9000.</source>
        <translation>auto: ein PHP-FPM-Pool, den Hostbench für seinen Datenordner startet und stoppt. Sonst, wo ein PHP-FPM-Pool lauscht: unix:/run/php/php8.2-fpm.sock oder 127.0.0.1:9000.</translation>
    </message>
    <message>
        <source>/ (the whole site)</source>
        <translation>/ (die ganze Site)</translation>
    </message>
    <message>
        <source>Only requests under this path run PHP; the others are files.</source>
        <translation>Nur Anfragen unter diesem Pfad führen PHP aus; die anderen sind Dateien.</translation>
    </message>
    <message>
        <source>A request for a file that does not exist goes to index.php under the path, with its query (nginx&apos;s try_files $uri $uri/ /index.php?$query_string).</source>
        <translation>Eine Anfrage nach einer Datei, die es nicht gibt, geht an index.php unter dem Pfad, mit ihrer Query (nginx try_files $uri $uri/ /index.php?$query_string).</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>How long the engine waits for PHP-FPM (to connect, for the response head, for each read of the body) before it answers 504 and aborts the script.</source>
        <translation>Wie lange die Engine auf PHP-FPM wartet (Verbindung, Kopf der Antwort, jedes Lesen des Bodys), bevor sie 504 antwortet und das Skript abbricht.</translation>
    </message>
    <message>
        <source>&lt;b&gt;PHP&lt;/b&gt; files (*.php, and index.php for a folder) run in PHP-FPM over FastCGI; the other files are sent as they are, a PHP file never as text.</source>
        <translation>&lt;b&gt;PHP&lt;/b&gt;-Dateien (*.php, und index.php für einen Ordner) laufen in PHP-FPM über FastCGI; die anderen Dateien werden gesendet, wie sie sind, eine PHP-Datei nie als Text.</translation>
    </message>
    <message>
        <source>PHP-FPM &amp;address:</source>
        <translation>PHP-FPM-&amp;Adresse:</translation>
    </message>
    <message>
        <source>Path p&amp;refix:</source>
        <translation>Pfad&amp;präfix:</translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation>&amp;Zeitlimit:</translation>
    </message>
    <message>
        <source>No PHP-FPM is installed, so Hostbench cannot start its pool: install the Debian package %1 (sudo apt-get install %1), or give the address of a PHP-FPM that runs.</source>
        <translation>Kein PHP-FPM ist installiert, daher kann Hostbench seinen Pool nicht starten: installieren Sie das Debian-Paket %1 (sudo apt-get install %1) oder geben Sie die Adresse eines laufenden PHP-FPM an.</translation>
    </message>
    <message>
        <source>Hostbench runs its own PHP-FPM pool for this data folder with %1, started and stopped with the engine.</source>
        <translation>Hostbench betreibt für diesen Datenordner einen eigenen PHP-FPM-Pool mit %1, gestartet und gestoppt mit der Engine.</translation>
    </message>
    <message>
        <source>PHP-FPM must listen at %1; while it does not, PHP requests answer 502.</source>
        <translation>PHP-FPM muss unter %1 lauschen; solange nicht, antworten PHP-Anfragen mit 502.</translation>
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
        <translation>Den eigenen Host des Upstreams senden</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <source>Off: the upstream sees the Host the client sent, as nginx&apos;s proxy_set_header Host $host. On: HOST:PORT of the upstream URL.</source>
        <translation>Aus: der Upstream sieht den Host, den der Client sandte, wie bei nginx proxy_set_header Host $host. An: HOST:PORT der Upstream-URL.</translation>
    </message>
    <message>
        <source>How long the engine waits for the app (to connect, for the response head, for each read of the body) before it answers 504.</source>
        <translation>Wie lange die Engine auf die App wartet (Verbindung, Kopf der Antwort, jedes Lesen des Bodys), bevor sie 504 antwortet.</translation>
    </message>
    <message>
        <source>npm run dev (empty: start no app)</source>
        <translation>npm run dev (leer: keine App starten)</translation>
    </message>
    <message>
        <source>Started with the engine, without a shell: quotes group words, no pipes or variables.</source>
        <translation>Mit der Engine gestartet, ohne Shell: Anführungszeichen gruppieren Wörter, keine Pipes oder Variablen.</translation>
    </message>
    <message>
        <source>Empty: the document root</source>
        <translation>Leer: das Dokumentverzeichnis</translation>
    </message>
    <message>
        <source>One NAME=value per line, e.g. PORT=3000</source>
        <translation>Ein NAME=Wert pro Zeile, z. B. PORT=3000</translation>
    </message>
    <message>
        <source>From SIGTERM to SIGKILL when the engine stops the app.</source>
        <translation>Von SIGTERM bis SIGKILL, wenn die Engine die App stoppt.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Proxied paths&lt;/b&gt; go to an app server (HTTP/1.1); the others are served from the document root.</source>
        <translation>&lt;b&gt;Weitergeleitete Pfade&lt;/b&gt; gehen an einen App-Server (HTTP/1.1); die anderen kommen aus dem Dokumentverzeichnis.</translation>
    </message>
    <message>
        <source>Upstream &amp;timeout:</source>
        <translation>Upstream-&amp;Zeitlimit:</translation>
    </message>
    <message>
        <source>App started with the engine</source>
        <translation>Mit der Engine gestartete App</translation>
    </message>
    <message>
        <source>Co&amp;mmand:</source>
        <translation>&amp;Befehl:</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>&amp;Arbeitsordner:</translation>
    </message>
    <message>
        <source>E&amp;nvironment:</source>
        <translation>&amp;Umgebung:</translation>
    </message>
    <message>
        <source>Stop gra&amp;ce:</source>
        <translation>Stopp-&amp;Frist:</translation>
    </message>
    <message>
        <source>App&apos;s Working Folder</source>
        <translation>Arbeitsordner der App</translation>
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
        <translation>%1 von %2 Antworten seit dem Start des Servers: %3 mit 4xx, %4 mit 5xx</translation>
    </message>
    <message>
        <source>Responses with status 4xx or 5xx since the engine started (each cell&apos;s tooltip splits them)</source>
        <translation>Antworten mit Status 4xx oder 5xx seit dem Start des Servers (die Kurzinfo jeder Zelle schlüsselt sie auf)</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>Site</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>Anfragen/s</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Sent/s</source>
        <translation>Gesendet/s</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteTableModel</name>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>The default site: it answers requests for unknown host names.</source>
        <translation>Die Standard-Site: Sie beantwortet Anfragen für unbekannte Hostnamen.</translation>
    </message>
    <message>
        <source>Host Name</source>
        <translation>Hostname</translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation>Aliasse</translation>
    </message>
    <message>
        <source>Document Root</source>
        <translation>Dokumentverzeichnis</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>Routen</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Document root: %1</source>
        <translation>Dokumentverzeichnis: %1</translation>
    </message>
    <message>
        <source>Proxied paths (upstream timeout %1 ms, Host: %2):</source>
        <translation>Weitergeleitete Pfade (Zeitlimit des Upstreams %1 ms, Host: %2):</translation>
    </message>
    <message>
        <source>the upstream&apos;s own</source>
        <translation>der des Upstreams</translation>
    </message>
    <message>
        <source>the client&apos;s</source>
        <translation>der des Clients</translation>
    </message>
    <message>
        <source>App: %1</source>
        <translation>App: %1</translation>
    </message>
    <message>
        <source>  in the document root</source>
        <translation>  im Dokumentverzeichnis</translation>
    </message>
    <message>
        <source>  in %1</source>
        <translation>  in %1</translation>
    </message>
    <message>
        <source>  with %1</source>
        <translation>  mit %1</translation>
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
        <translation>PHP-Dateien unter %1 laufen in PHP-FPM unter %2 (Zeitlimit %3 ms)</translation>
    </message>
    <message>
        <source>  auto: the pool Hostbench runs for its data folder</source>
        <translation>  auto: der Pool, den Hostbench für seinen Datenordner betreibt</translation>
    </message>
    <message>
        <source>  front controller: missing files go to %1</source>
        <translation>  Front-Controller: fehlende Dateien gehen an %1</translation>
    </message>
    <message>
        <source>  PHP version: not known yet</source>
        <translation>  PHP-Version: noch nicht bekannt</translation>
    </message>
    <message>
        <source>  PHP version: %1</source>
        <translation>  PHP-Version: %1</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SitesPage</name>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen …</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten …</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>&amp;Open in Browser</source>
        <translation>Im Browser ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Each site answers the requests whose Host header is its host name or one of its aliases. The default site (★) answers every other host name.</source>
        <translation>Jede Site beantwortet die Anfragen, deren Host-Header ihr Hostname oder einer ihrer Aliasse ist. Die Standard-Site (★) beantwortet alle anderen Hostnamen.</translation>
    </message>
    <message>
        <source>Site Not Saved</source>
        <translation>Site nicht gespeichert</translation>
    </message>
    <message>
        <source>The site %1 could not be saved:
%2</source>
        <translation>Die Site %1 konnte nicht gespeichert werden:
%2</translation>
    </message>
    <message>
        <source>Remove Site</source>
        <translation>Site entfernen</translation>
    </message>
    <message>
        <source>Remove the site %1? Its files stay where they are.</source>
        <translation>Die Site %1 entfernen? Ihre Dateien bleiben, wo sie sind.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Site Not Removed</source>
        <translation>Site nicht entfernt</translation>
    </message>
    <message>
        <source>Start the engine to open the site</source>
        <translation>Starten Sie den Server, um die Site zu öffnen</translation>
    </message>
    <message>
        <source>The engine is stopped</source>
        <translation>Der Server ist gestoppt</translation>
    </message>
    <message>
        <source>%1 Try: %2</source>
        <translation>%1 Zum Ausprobieren: %2</translation>
    </message>
    <message>
        <source>Served at %1.</source>
        <translation>Ausgeliefert unter %1.</translation>
    </message>
    <message>
        <source>Served by %1 with “Host: %2”; as the default site it also answers at %3.</source>
        <translation>Ausgeliefert von %1 mit „Host: %2“; als Standard-Site antwortet sie auch unter %3.</translation>
    </message>
    <message>
        <source>Served by %1 with “Host: %2”; a browser reaches %3 only if the name resolves (a hosts entry such as “127.0.0.1 %3”).</source>
        <translation>Ausgeliefert von %1 mit „Host: %2“; ein Browser erreicht %3 nur, wenn der Name aufgelöst wird (ein hosts-Eintrag wie „127.0.0.1 %3“).</translation>
    </message>
    <message>
        <source>The default site cannot be removed: make another site the default first.</source>
        <translation>Die Standard-Site kann nicht entfernt werden: Machen Sie zuerst eine andere Site zum Standard.</translation>
    </message>
    <message>
        <source>Open &amp;Folder</source>
        <translation>&amp;Ordner öffnen</translation>
    </message>
    <message>
        <source>Show the site&apos;s document root in the file manager</source>
        <translation>Das Dokumentverzeichnis der Site im Dateimanager zeigen</translation>
    </message>
    <message>
        <source>Served by %1 with “Host: %2”; a browser on this computer reaches it at %3 (names under .localhost lead here).</source>
        <translation>Ausgeliefert von %1 mit „Host: %2“; ein Browser auf diesem Rechner erreicht sie unter %3 (Namen unter .localhost führen hierher).</translation>
    </message>
    <message>
        <source>Open %1 in the web browser</source>
        <translation>%1 im Webbrowser öffnen</translation>
    </message>
    <message>
        <source>Engine Not Reloaded</source>
        <translation>Engine nicht neu geladen</translation>
    </message>
    <message>
        <source>The change is stored, but the engine did not reload: %1
It still serves the previous configuration.</source>
        <translation>Die Änderung ist gespeichert, aber die Engine wurde nicht neu geladen: %1
Sie liefert weiter die vorige Konfiguration aus.</translation>
    </message>
</context>
<context>
    <name>hostbench::ui::TrayIcon</name>
    <message>
        <source>Show &amp;Window</source>
        <translation>&amp;Fenster zeigen</translation>
    </message>
    <message>
        <source>&amp;Quit Hostbench</source>
        <translation>Hostbench &amp;beenden</translation>
    </message>
    <message>
        <source>S&amp;top the Engine</source>
        <translation>Server s&amp;toppen</translation>
    </message>
    <message>
        <source>&amp;Start the Engine</source>
        <translation>Server &amp;starten</translation>
    </message>
    <message>
        <source>Hostbench: the engine is stopped</source>
        <translation>Hostbench: Der Server ist gestoppt</translation>
    </message>
    <message>
        <source>Hostbench: serving %1</source>
        <translation>Hostbench: in Betrieb auf %1</translation>
    </message>
    <message>
        <source>Hostbench: serving %1, a benchmark is running</source>
        <translation>Hostbench: in Betrieb auf %1, ein Benchmark läuft</translation>
    </message>
    <message>
        <source>Hostbench: a benchmark is running</source>
        <translation>Hostbench: ein Benchmark läuft</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Web server, load generator and manager.</source>
        <translation>Webserver, Lastgenerator und Verwaltung.</translation>
    </message>
    <message>
        <source>Keep the database and the default site in DIR (default: $HOSTBENCH_DATA_DIR, else the user&apos;s data folder).</source>
        <translation>Datenbank und Standard-Site in DIR ablegen (Vorgabe: $HOSTBENCH_DATA_DIR, sonst der Datenordner des Benutzers).</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DIR</translation>
    </message>
    <message>
        <source>another process</source>
        <translation>einem anderen Prozess</translation>
    </message>
    <message>
        <source>Hostbench</source>
        <translation>Hostbench</translation>
    </message>
    <message>
        <source>The data folder is in use by %1.</source>
        <translation>Der Datenordner wird von %1 verwendet.</translation>
    </message>
    <message>
        <source>Folder: %1

One Hostbench at a time serves a data folder. Stop the other one first, or start Hostbench with --data-dir on another folder.</source>
        <translation>Ordner: %1

Ein Datenordner wird immer nur von einem Hostbench bedient. Beenden Sie zuerst das andere, oder starten Sie Hostbench mit --data-dir auf einem anderen Ordner.</translation>
    </message>
</context>
</TS>
