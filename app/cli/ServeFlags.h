#pragma once

#include "cli/CliParse.h"
#include "model/ServerConfig.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QString>

#include <optional>

namespace hostbench::cli {

/*
 * The parsers behind `hostbench-cli serve`'s flags, one per concern. Each
 * takes the flags' values as given (nullopt: the flag is absent) and returns
 * the value, or std::nullopt with the sentence serve prints in *error.
 * Thread: any.
 */
class ServeFlags final
{
public:
    // --access-log / --error-log FILE|off and --listing, for the --site /
    // --default sites. Unset: no log. An empty string: off.
    struct SiteLogs
    {
        std::optional<QString> accessLog;
        std::optional<QString> errorLog;
        bool listing = false;

        // Sets each host's logs (enabled when a file is given) and listing.
        void applyTo(QList<model::VirtualHost> &hosts) const;
    };

    // --tls-cert FILE and --tls-key FILE (both or neither), --https-redirect
    // on|off and --hsts SECONDS, for the --site / --default sites.
    struct SiteHttps
    {
        model::SiteTls tls;
        bool given = false; // any of the four flags

        // Gives each host these HTTPS settings (when given).
        void applyTo(QList<model::VirtualHost> &hosts) const;
    };

    // --control ADDR:PORT|off.
    struct Control
    {
        std::optional<Endpoint> endpoint; // nullopt: off
        bool given = false; // an address given: that port or nothing
    };

    // --listen ADDR:PORT and --threads N (1..1024): the address, port and
    // workers. Without --listen, 127.0.0.1 on ServerConfig::kDefaultPort, or
    // the next free port; with it, that port only. Without --threads, 0 (one
    // per core).
    static std::optional<model::ServerConfig> listen(
        const std::optional<QString> &listen, const std::optional<QString> &threads, QString *error);
    // --listen-tls ADDR:PORT: a TLS listener (HTTPS) beside the cleartext
    // one, that exact port (0 picks one); absent: none. Sets config's TLS fields.
    static bool listenTls(const std::optional<QString> &text, model::ServerConfig &config, QString *error);
    // --pid-file FILE, made absolute; an empty string when absent.
    static std::optional<QString> pidFile(const std::optional<QString> &text, QString *error);
    // The log flags; `explicitSites`: --site or --default given (the flags
    // apply only to those sites). Each path is trimmed and made absolute.
    static std::optional<SiteLogs> siteLogs(const std::optional<QString> &accessLog,
        const std::optional<QString> &errorLog, bool listing, bool explicitSites, QString *error);
    // The HTTPS flags; `explicitSites` as for siteLogs, `tlsListener`:
    // --listen-tls given (without it they would change nothing, and are
    // refused). Files are made absolute and read (tls::ServerContext::
    // checkFiles): one that is missing, not PEM, expired or not the key of
    // the certificate is refused, naming the flag and the file.
    static std::optional<SiteHttps> siteHttps(const std::optional<QString> &certificate,
        const std::optional<QString> &key, const std::optional<QString> &redirect,
        const std::optional<QString> &hsts, bool explicitSites, bool tlsListener, QString *error);
    // --control: 127.0.0.1 on ServerConfig::kDefaultControlPort when absent;
    // an address other than loopback only with `tokenRequired`.
    static std::optional<Control> control(
        const std::optional<QString> &text, bool tokenRequired, QString *error);
};

} // namespace hostbench::cli
