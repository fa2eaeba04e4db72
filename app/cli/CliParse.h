#pragma once

#include "cli/AppFlags.h"
#include "cli/PhpFlags.h"
#include "model/VirtualHost.h"

#include <QCommandLineOption>
#include <QHostAddress>
#include <QString>

#include <optional>

class QCommandLineParser;

namespace hostbench::cli {

/*
 * An address and port given as ADDR:PORT: 127.0.0.1:8080, [::1]:8080,
 * localhost:8080 (read as 127.0.0.1).
 */
struct Endpoint
{
    QHostAddress address;
    quint16 port = 0;

    QString toString() const; // as given back to the user: 127.0.0.1:8080, [::1]:8080
};

/*
 * The sites of serve's (and export's) --site, --default and --route flags.
 */
struct SiteFlags
{
    QList<model::VirtualHost> sites; // --default's first; exactly one is the default
    QList<model::Route> routes; // --route, one per path (the last given wins)
    QList<model::ProxyRoute> proxies; // --proxy, one per path prefix (a prefix given twice is refused)
    std::optional<model::AppCommand> app; // serve's --app, --app-dir, --app-env, --app-grace
    std::optional<model::PhpSettings> php; // --php, --php-prefix, --php-front-controller, --php-timeout

    // Adds `route` to `routes`, in place of the one for the same path.
    static void addRoute(QList<model::Route> &routes, const model::Route &route);
    // Adds `proxy` to `proxies`, in place of the one for the same prefix.
    static void addProxy(QList<model::ProxyRoute> &proxies, const model::ProxyRoute &proxy);
    // Adds the --route routes and the --proxy routes to `host`, in place of
    // its own for the same paths, and gives it the --app command and the --php
    // settings when they were given.
    void addRoutesTo(model::VirtualHost &host) const;
};

/*
 * The --site, --default and --route options, declared once for serve and
 * export, and --proxy, the --app and the --php options (`withProxy`: serve's,
 * and export's, which writes each server's proxy and PHP configuration; the
 * app command is Hostbench's own to start, export writes none); `verb` begins
 * their help text ("Serves", "Exports").
 */
struct SiteOptions
{
    explicit SiteOptions(const QString &verb, bool withProxy = false);

    QList<QCommandLineOption> options() const; // { site, defaultSite, route[, proxy, app..., php...] }
    // CliParse::siteFlags on what `parser` holds for them; its errors.
    std::optional<SiteFlags> parse(const QCommandLineParser &parser, QString *error) const;

    QCommandLineOption site;
    QCommandLineOption defaultSite;
    QCommandLineOption route;
    QCommandLineOption proxy;
    AppOptions app;
    PhpOptions php;
    bool withProxy;
};

/*
 * The parsers behind hostbench-cli's flags. Each returns the value, or
 * std::nullopt with a sentence for the user in *error that quotes what was
 * given and shows the expected form. Thread: any.
 */
class CliParse final
{
public:
    // ADDR:PORT, port 0..65535 (0: any free port).
    static std::optional<Endpoint> endpoint(const QString &text, QString *error);
    // HOST[,ALIAS...]=DIR; DIR must be an existing directory (made absolute).
    static std::optional<model::VirtualHost> site(const QString &text, QString *error);
    // PATH=TEXT: a 200 text/plain route answering TEXT on PATH.
    static std::optional<model::Route> route(const QString &text, QString *error);
    // PATH=URL: PATH (a prefix, "/" for the whole site) proxied to the
    // upstream URL (model::UpstreamAddress), checked by model::ProxyCheck.
    static std::optional<model::ProxyRoute> proxy(const QString &text, QString *error);
    // Repeated --proxy texts, in order; a lone "off": none. `flag` names them
    // in the error, which is ProxyCheck::checkRoutes' for a prefix given
    // twice, and says so for "off" beside routes.
    static std::optional<QList<model::ProxyRoute>> proxies(
        const QStringList &texts, const QString &flag, QString *error);
    // "Name: value" (RFC 9110 field syntax: a token, a colon, the value), as
    // model::BenchInput::header reads it (the Benchmark page's rule too).
    static std::optional<QPair<QByteArray, QByteArray>> header(const QString &text, QString *error);
    // A whole number in [minimum, maximum]; `flag` names it in the error.
    static std::optional<qint64> integer(
        const QString &text, const QString &flag, qint64 minimum, qint64 maximum, QString *error);
    // "on" or "off" (trimmed); `flag` names it: "--hsts takes on or off, not \"x\"".
    static std::optional<bool> onOff(const QString &text, const QString &flag, QString *error);
    // --hsts SECONDS of sites and serve: 0 (off) to model::SiteTls::kMaxHstsSeconds.
    static std::optional<qint64> hstsSeconds(const QString &text, QString *error);
    // --threads N of serve, bench and export: 1..kMaxThreads.
    static constexpr int kMaxThreads = 1024;
    static std::optional<int> threads(const QString &text, QString *error);
    // A non-negative number of seconds (fractions allowed), as ms: model::BenchInput::seconds.
    static std::optional<qint64> seconds(const QString &text, const QString &flag, QString *error);
    // --site texts, the --default directory (nullopt: not given) and
    // --route and --proxy texts: the sites in order, --default's ("localhost") first;
    // without --default the first --site is the default site. Errors: a bad
    // flag, a host name given twice, --default beside a --site "localhost".
    static std::optional<SiteFlags> siteFlags(const QStringList &sites,
        const std::optional<QString> &defaultRoot, const QStringList &routes, QString *error,
        const QStringList &proxies = {});
    // An existing directory, made absolute and clean.
    static std::optional<QString> directory(const QString &text, const QString &flag, QString *error);
    // The value of `option` in `parser`, nullopt when the flag is absent.
    static std::optional<QString> value(const QCommandLineParser &parser, const QCommandLineOption &option);
};

/*
 * The two steps each command's parse() takes for every flag: read its value
 * (CliParse::value) and, on a bad one, print "hostbench-cli COMMAND: error" to
 * stderr (Console::fail) and return no options, as `return read.fail(error);`.
 * Thread: the command's (main) thread; `parser` outlives it.
 */
class FlagReader final
{
public:
    FlagReader(const QCommandLineParser &parser, const QString &command);

    std::optional<QString> value(const QCommandLineOption &option) const; // nullopt: flag absent
    std::nullopt_t fail(const QString &error) const;

private:
    const QCommandLineParser &parser_;
    const QString command_;
};

} // namespace hostbench::cli
