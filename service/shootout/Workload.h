#pragma once

#include "model/VirtualHost.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::shootout {

/*
 * The reference workloads W1-W6 of shared/WORKLOADS.md as a shootout runs
 * them: the path requested, the bytes every server must answer, and the
 * load's default concurrency (-c overrides it; keep-alive on unless the
 * user turns it off). W5r and W6 are fixed answers ("hello", "OK"): a route
 * where the server has fixed routes (Hostbench, nginx, ...), and a file of
 * the same bytes in the document root for the others, as
 * tests/perf/servers.sh does, so that every server answers the same bytes.
 *
 * W5 and W7p (issue #25) are PHP pages (`php`), answered by the shootout's
 * PHP-FPM pool (ShootoutPhp: one pool for every server, started once)
 * through each front server's PHP site (makePhpSite): W5 is `hello.php`
 * (`<?php echo "hello";`, the founding post's "hello world" page), W7p
 * `w7p.php`, which opens a 100-row SQLite database with PDO (written by
 * makePhpSite into the document root's sibling folder "php-data") and runs
 * 3 small SELECTs, as the founding OpenACS home page ran a few queries.
 * Their `fixedBody` is the bytes every server must answer (the same for
 * all), `phpSource` the script.
 *
 * W6p (issue #24) is W6's "OK" answered by an app behind the front server:
 * `proxied` workloads are served by the shootout's upstream (Upstream: one
 * process for every server, started once), and each front server gets a
 * site of its own for them, whose whole path "/" is proxied to it
 * (makeProxySite; its document root is empty, so that a server that does
 * not proxy answers 404, not the bytes).
 *
 * W1s and W1sn (issue #26) are W1's file over HTTPS (`tls`), served from a
 * site of their own on each server's TLS listener, every server with the
 * same certificate (an ECDSA P-256 leaf of a CA made for the shootout) and
 * its TLS export (ExportOptions: TLS 1.2/1.3, the engine's suites, session
 * tickets): W1s on keep-alive connections, W1sn (`newConnections`) with a
 * new connection and a full handshake per request (no keep-alive, no
 * session resumption: `bench --tls-resume off`), so that its requests/s
 * are full handshakes/s.
 *
 * W1h2 and W2h2 (issue #27) are W1's and W2's files over HTTP/2 (`http2`):
 * h2 by ALPN on the same TLS listener, certificate and site as W1s (as
 * browsers use HTTP/2: h2c is not measured), 10 connections of `streams`
 * (10) requests in flight each, as h2load -c 10 -m 10. Each server is
 * started for them apart from W1s and W1sn (ShootoutRunner's HTTP/2 group),
 * so that one whose TLS listener does not choose h2 is left out of them
 * only, never measured over HTTP/1.1.
 * Thread: any.
 */
struct Workload
{
    QString id; // "W1"
    QString path; // "/x.txt"
    QString label; // "4,070-byte text file"
    qint64 bytes = 0; // body size
    int concurrency = 50; // default -c
    QByteArray fixedBody; // W5r/W6/W6p: the route's answer; W5/W7p: the page's; empty for files
    bool proxied = false; // W6p: answered by the upstream through the front server
    bool php = false; // W5/W7p: a PHP page run by PHP-FPM behind the front server
    QByteArray phpSource; // php: the script written at `path` under the document root
    bool tls = false; // W1s/W1sn: over HTTPS, on the server's TLS listener
    bool newConnections = false; // W1sn: a new connection and a full TLS handshake per request
    bool http2 = false; // W1h2/W2h2: HTTP/2, h2 by ALPN on the TLS listener (tls is set too)
    int streams = 1; // http2: requests in flight per connection (bench --streams, h2load -m)

    // The server id of the upstream measured alone (the reference line of
    // a proxied workload's table): "upstream".
    static QString upstreamId();

    // Every workload: W1..W4, W5 (PHP), W5r, W6, W6p, W7p, W1s, W1sn, W1h2, W2h2.
    static const QList<Workload> &all();
    static std::optional<Workload> find(const QString &id);
    static QStringList ids();
    static QStringList idsOf(const QList<Workload> &workloads);

    // Writes the files the workloads need into `documentRoot` (existing,
    // writable): random text or bytes of the right size, huge.bin as a
    // sparse file (its bytes are zeros, which suffices: sizes matter), and
    // for W5/W6 a file named after the path holding the fixed answer. Returns
    // the virtual host to serve: the default site on that document root with
    // a route per fixed answer. nullopt with *error when a file cannot be written.
    // Proxied and PHP workloads are left out (makeProxySite and makePhpSite serve them).
    static std::optional<model::VirtualHost> makeSite(
        const QString &documentRoot, const QList<Workload> &workloads, QString *error);

    // The site of the proxied workloads: the default site on `documentRoot`
    // (created, left empty), its whole path "/" proxied to `upstreamUrl`
    // ("http://127.0.0.1:PORT"), the access and error logs off. nullopt
    // with *error when the folder cannot be created.
    static std::optional<model::VirtualHost> makeProxySite(
        const QString &documentRoot, const QString &upstreamUrl, QString *error);

    // The site of the PHP workloads: the default site on `documentRoot`
    // (created), each PHP workload's script written at its path, W7p's
    // database (w7pDatabase) in "php-data" beside `documentRoot`; its whole
    // path "/" runs PHP at `phpAddress` ("unix:/path.sock", as
    // model::PhpSettings takes it), the access and error logs off. nullopt
    // with *error (naming the file) when a file cannot be written.
    static std::optional<model::VirtualHost> makePhpSite(const QString &documentRoot,
        const QList<Workload> &workloads, const QString &phpAddress, QString *error);

    // W7p's SQLite database, written at `file` (replaced): a table
    // items(id INTEGER PRIMARY KEY, name TEXT, price INTEGER) of 100 rows,
    // the same every time, whose answers W7p's fixedBody holds. False with
    // *error when it cannot be written.
    static bool writeW7pDatabase(const QString &file, QString *error);
    static QString phpDataFolder(const QString &documentRoot); // "<documentRoot>/../php-data"
};

} // namespace hostbench::shootout
