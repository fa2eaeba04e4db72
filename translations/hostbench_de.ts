<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Format</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <source>Host header:            %1
</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SiteValidator</name>
    <message>
        <source>Enter a host name, such as example.test or 127.0.0.2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a valid IPv6 address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A host name has at most 253 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A host name may contain only letters a-z, digits, hyphens and dots.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each part between dots must have 1 to 63 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A part of the name may not start or end with a hyphen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is neither a valid IPv4 address nor a host name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the folder whose files this site serves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter an absolute path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is a file, not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A route&apos;s path must start with “/”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A route&apos;s path may not contain blanks, “?” or “#”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A route&apos;s status must be between 100 and 599.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A route&apos;s content type looks like “text/plain”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is already used by the site %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias “%1”: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is listed twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The path “%1” has two routes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the host name alone, without “http://”, a port or a path.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TargetResolver</name>
    <message>
        <source>Sent to %1 with “Host: %2”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::BenchCharts</name>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::BenchmarkPage</name>
    <message>
        <source>Requests:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep-alive (reuse connections)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>http://127.0.0.1:8080/</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connections open at once (ab -c)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests in all (ab -n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length of the run (ab -t)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load-generator threads; each has its own share of the connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several requests per connection (ab -k); without it every request opens a new connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report appears here when the run ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run could not be stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the engine (Server) to test its sites, or enter any http:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests/s:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency p50 / p99:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped after %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineController</name>
    <message>
        <source>There is no site to serve: add one in Sites.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The control API runs while the engine runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The control API is off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The control API is not running: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Control API on http://127.0.0.1:%1/api/status</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineStatusLine</name>
    <message>
        <source>Open in the browser; select to copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 req/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n open connection(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::MainWindow</name>
    <message>
        <source>Hostbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sites</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual hosts: host names, document roots, routes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the engine listens; start and stop it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load-test a URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored benchmark runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Data Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sites</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;rver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;uns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Hostbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Hostbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Hostbench %1&lt;/h3&gt;&lt;p&gt;A web server with name-based virtual hosts, a load generator in the spirit of ApacheBench and wrk, and this window to run both.&lt;/p&gt;&lt;p&gt;Data folder: &lt;code&gt;%2&lt;/code&gt;&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::MetricsPanel</name>
    <message>
        <source>Uptime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Service time p50 / p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connections accepted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2xx / 3xx / 4xx / 5xx</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Site</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RoutesEditor</name>
    <message>
        <source>Add Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A request for exactly this path (GET or HEAD) is answered with this status, content type and body; no file is read.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunListModel</name>
    <message>
        <source>%1 (Host: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Req/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunsPage</name>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run to see its report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The newest %1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No runs yet: start one in Benchmark.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete this run and its samples? This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run Not Deleted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ServerPage</name>
    <message>
        <source>If the port is taken, use the next free one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the engine at launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Control API on 127.0.0.1, port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>127.0.0.1 serves this computer only; 0.0.0.0 or :: serves the network too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any free port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One per core (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GET /api/status (JSON) and GET /metrics (Prometheus) while the engine runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listen &amp;address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Worker threads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live Counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not an IP address. Use 127.0.0.1 for this computer only, 0.0.0.0 for every IPv4 interface.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings could not be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; with %n worker thread(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The engine is stopped.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SiteDialog</name>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default site: answers requests for unknown host names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Site</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit Site %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>example.test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>www.example.test, example.local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/srv/www/example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To change the default site, make another site the default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Host name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Aliases:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Document root:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Routes&lt;/b&gt; answer a path with a fixed response, before any file of the document root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document Root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hostbench::ui::SitesPage</name>
    <message>
        <source>&amp;Add…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open in Browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document Root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each site answers the requests whose Host header is its host name or one of its aliases. The default site (★) answers every other host name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The default site: it answers requests for unknown host names.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Site Not Saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The site %1 could not be saved:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove Site</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the site %1? Its files stay where they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Site Not Removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the site in the web browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the engine to open the site</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Web server, load generator and manager.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the database and the default site in DIR (default: $HOSTBENCH_DATA_DIR, else the user&apos;s data folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hostbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hostbench cannot open its data folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder: %1

Reason: %2

Nothing was changed. Fix or move the file, or start Hostbench with --data-dir on another folder.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
