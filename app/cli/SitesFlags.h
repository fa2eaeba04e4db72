#pragma once

#include "cli/AppFlags.h"
#include "cli/PhpFlags.h"
#include "model/ProxyRoute.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::cli {

/*
 * What `hostbench-cli sites list|add|edit|remove` was asked (SitesCommand):
 * the action, its arguments and the flags given, each checked on its own
 * and against the action it belongs to. Plain value; any thread.
 */
struct SitesOptions
{
    QString subcommand; // list, add, edit or remove
    QStringList positional; // after the action
    QString dataDir;
    bool json = false;
    std::optional<QString> host;
    std::optional<QString> aliases;
    std::optional<QString> root;
    std::optional<QString> hiddenFiles; // "on" or "off" (checked by edit)
    std::optional<QList<model::ProxyRoute>> proxies; // --proxy PATH=URL..., or "off" (none)
    AppFlags app; // --app, --app-dir, --app-env, --app-grace
    PhpFlags php; // --php, --php-prefix, --php-front-controller, --php-timeout
    std::optional<bool> proxyLogTimes; // --proxy-log-times on|off
    // HTTPS (model::SiteTls): --tls-cert FILE and --tls-key FILE (absolute; "" for "off": the
    // local CA's), --https-redirect on|off, --hsts SECONDS (0: off).
    std::optional<QString> tlsCertificate;
    std::optional<QString> tlsKey;
    std::optional<bool> httpsRedirect;
    std::optional<qint64> hstsSeconds;
    bool makeDefault = false;
};

/*
 * The parser of `sites`' flags (help text included). Thread: the main thread.
 */
class SitesFlags final
{
public:
    // The options, or nullopt with *exitCode set when done already (--help:
    // 0; a bad flag, or one the action does not take: 1, said on stderr).
    static std::optional<SitesOptions> parse(const QStringList &arguments, int *exitCode);
};

} // namespace hostbench::cli
