#pragma once

#include "model/ServerConfig.h"
#include "model/VirtualHost.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace hostbench::exporter {

// The servers a configuration can be written for.
enum class Server { Nginx, Lighttpd, Apache, Caddy, H2o };

/*
 * Production: as a user would deploy it (the Debian package's user, pid file,
 * log folder and MIME types; worker count chosen by the server; the sites'
 * own logs). Benchmark: as tests/perf/servers.sh measures it (one worker
 * process or thread unless `config.threads` says more, access logs off,
 * sendfile on, the open-file or stat cache where the server has one, and
 * every file the server writes or reads besides the sites under `prefix`,
 * so that a normal user can start it on a loopback port).
 */
enum class Flavour { Production, Benchmark };

// A certificate (PEM, the leaf first, then its chain) and its private key
// (PEM): absolute paths the server reads when it starts.
struct TlsFiles
{
    QString certificatePath;
    QString keyPath;

    bool isEmpty() const { return certificatePath.isEmpty() && keyPath.isEmpty(); }
    friend bool operator==(const TlsFiles &, const TlsFiles &) = default;
};

/*
 * What ConfigWriter writes. Plain value; any thread.
 */
struct ExportOptions
{
    Server server = Server::Nginx;
    Flavour flavour = Flavour::Production;
    // Listen address and port, worker count (threads; 0 = the server's own
    // choice in production, 1 in benchmark), the header, keep-alive and send
    // timeouts (ms) and the connection cap, each mapped where the server has
    // an equivalent. portFallback is ignored: the port is written as given.
    // HTTPS (issue #26): with config.tlsEnabled, a second listener on
    // config.tlsListenAddress:config.tlsPort (not 0) speaks TLS 1.2 and 1.3
    // only, with the engine's cipher suites and groups where the server can
    // name them (tls::ServerContext's), session tickets on and no
    // server-side session cache, and each site's certificate (tlsFiles()) by
    // SNI; a site's redirectToHttps answers its cleartext requests 308 to
    // the same target on the TLS port, its hstsMaxAgeSeconds adds
    // Strict-Transport-Security to its answers over TLS. Without
    // config.tlsEnabled the sites' TLS settings are ignored.
    model::ServerConfig config;
    // With config.tlsEnabled: the certificate of each site (by host name)
    // that has none of its own (model::SiteTls::certificatePath/keyPath),
    // filled in by the caller: `hostbench-cli export` issues the local CA's
    // leaf for the site's names (tls::LocalCa::leafFor, as serve does). A
    // site with neither is refused.
    QMap<QString, TlsFiles> siteCertificates;
    // A folder the exported server owns: its pid file, temporary files,
    // default logs, MIME types (benchmark) and the files behind fixed routes.
    // Required for the benchmark flavour. Empty in production: the Debian
    // package's places (/run, /var/log/<server>/) and, for route files,
    // /var/lib/hostbench-export/<server>/.
    QString prefix;
    // Where the files behind fixed routes go (absolute). Empty: <prefix>/routes.
    QString routesDir;
    // Where the caller will save the configuration (absolute); named in the
    // command line and, for nginx, its -p prefix when `prefix` is empty.
    QString configPath;
    // The user the server's workers run as when started by root. Empty:
    // production writes the Debian package's user (www-data); benchmark
    // writes none (the user who starts it). "root" (a benchmark started by
    // root, so that the workers read what root wrote): nginx and h2o run as
    // root, lighttpd stays root, Apache (which refuses root) uses www-data.
    // h2o with a prefix names a user only when given one (h2o refuses to
    // start as anyone but root when it names one); started by root it then
    // serves as nobody.
    QString user;
    // The socket of the PHP-FPM pool Hostbench runs for its data folder
    // (absolute; <data folder>/php/php-fpm.sock), written for a site whose
    // PHP address is "auto" (model::PhpSettings). Empty: such a site is refused.
    QString phpAutoSocket;

    // The certificate `site` is served with over TLS: its own when it has
    // one, else siteCertificates' (empty when neither).
    TlsFiles tlsFiles(const model::VirtualHost &site) const
    {
        if (site.tls.hasOwnCertificate())
            return { site.tls.certificatePath, site.tls.keyPath };
        return siteCertificates.value(site.hostName);
    }
};

// A file the configuration refers to besides itself (a fixed route's body,
// the benchmark's MIME types); `path` is absolute.
struct ExportedFile
{
    QString path;
    QByteArray content;
};

/*
 * The written configuration: its text, the files it refers to, the folders
 * the server expects (logs, temporary files), the command that runs the
 * server in the foreground on `configPath` (argv, program first) and the
 * Debian 12 package that provides the program.
 */
struct ExportResult
{
    Server server = Server::Nginx;
    QString configPath;
    QByteArray config;
    QList<ExportedFile> files;
    QStringList directories;
    QStringList command;
    QString package;
};

} // namespace hostbench::exporter
