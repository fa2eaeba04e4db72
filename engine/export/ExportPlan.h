#pragma once

#include "export/ExportOptions.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace hostbench::exporter {

/*
 * What every writer needs, worked out once from the sites and options: the
 * sites with the default one first, the effective prefix, user, worker
 * count and log paths, where the route files go. Internal to the library.
 * Plain value; any thread.
 */
struct ExportPlan
{
    QList<model::VirtualHost> sites; // the default site first
    ExportOptions options;
    bool benchmark = false;
    QString program; // "nginx", "apache2", ...
    QString prefix; // empty: the Debian package's places (production only)
    QString routesDir; // absolute
    QString user; // empty: write none
    int workers = 0; // 0: the server's own choice
    bool tls = false; // options.config.tlsEnabled: a TLS listener too

    // HTTPS as Hostbench's listener speaks it (tls::ServerContext, whose
    // strings these repeat: the export knows the model, not the engine):
    // Mozilla's "intermediate" TLS 1.2 suites (OpenSSL names), TLS 1.3's
    // with AES-128-GCM first, and the key exchange groups.
    static constexpr const char *kTls12Ciphers = "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
                                                 "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
                                                 "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";
    static constexpr const char *kTls13Suites
        = "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256";
    static constexpr const char *kGroups = "X25519:P-256:P-384";

    // Checks the sites and options (see ConfigWriter::write) and fills the plan.
    static std::optional<ExportPlan> make(
        const QList<model::VirtualHost> &sites, const ExportOptions &options, QString *error);

    // The user the server serves as when started by root (empty: the one who
    // started it; "root": stays root).
    QString rootRunsAs() const;
    // The comment block at the top of a file, each line starting with `mark`:
    // what wrote it, the start line and, where the server writes its logs
    // after switching users, the chown that lets it.
    QString head(const QString &mark) const;
    // The file serving a fixed route of `site` (sites.indexOf): one file per
    // route, its name the percent-encoded path.
    QString routeFile(int site, const model::Route &route) const;
    QList<ExportedFile> routeFiles() const;
    // The access or error log of a site, empty when off (benchmark: access
    // logs always off, site error logs go to the server's error log).
    QString accessLog(const model::VirtualHost &site) const;
    QString errorLog(const model::VirtualHost &site) const;
    // The server-wide error log and pid file.
    QString serverErrorLog() const;
    QString pidFile() const;
    // Under the prefix, else `fallback`.
    QString place(const QString &relative, const QString &fallback) const;
    // Every host name of a site, the host name first.
    static QStringList names(const model::VirtualHost &site);
    // "127.0.0.1:8080", "[::1]:8080".
    QString listen() const;
    // The address alone, an IPv6 literal in brackets.
    QString bindAddress() const;
    // The TLS listener's, as listen() and bindAddress().
    QString tlsListen() const;
    QString tlsBindAddress() const;
    // ":8443", or empty for 443: what follows the host in an https:// URL.
    QString tlsPortSuffix() const;
    // The certificate a site is served with over TLS (ExportOptions::tlsFiles).
    TlsFiles tlsFiles(const model::VirtualHost &site) const { return options.tlsFiles(site); }
    // Whether a site's cleartext answers are a 308 to https (TLS on and the site asks).
    bool redirects(const model::VirtualHost &site) const { return tls && site.tls.redirectToHttps; }
    // The site's Strict-Transport-Security value over TLS ("max-age=N"), empty for none.
    QString hsts(const model::VirtualHost &site) const;
    // The media type of every extension QMimeDatabase knows, as the engine
    // picks them (model::WebMimeTypes first): extension (no dot, lower
    // case) -> type. For the benchmark flavour's MIME table.
    static QMap<QString, QString> mimeTable();
    // A string in double quotes with \ and " escaped (nginx, lighttpd,
    // Apache, Caddy, YAML all read this form).
    static QString quoted(const QString &text);
};

} // namespace hostbench::exporter
