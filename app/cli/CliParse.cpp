#include "cli/CliParse.h"

#include "cli/Console.h"

#include "model/BenchInput.h"
#include "model/SiteValidator.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

QString Endpoint::toString() const
{
    const QString host = address.protocol() == QAbstractSocket::IPv6Protocol
        ? u'[' + address.toString() + u']'
        : address.toString();
    return host + u':' + QString::number(port);
}

std::optional<Endpoint> CliParse::endpoint(const QString &text, QString *error)
{
    const auto bad = [&](const QString &why) {
        *error = u"bad address \"%1\": %2 (expected ADDR:PORT, e.g. 127.0.0.1:8080 or [::1]:8080)"_s.arg(
            text, why);
        return std::nullopt;
    };
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon <= 0 || colon == text.size() - 1)
        return bad(u"no port"_s);
    QString host = text.left(colon);
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    else if (host.contains(u':'))
        return bad(u"write an IPv6 address in brackets"_s);
    bool ok = false;
    const uint port = text.mid(colon + 1).toUInt(&ok);
    if (!ok || port > 65535)
        return bad(u"the port must be a number from 0 to 65535"_s);
    Endpoint endpoint;
    endpoint.port = quint16(port);
    if (host.compare(u"localhost"_s, Qt::CaseInsensitive) == 0)
        endpoint.address = QHostAddress(QHostAddress::LocalHost);
    else if (!endpoint.address.setAddress(host))
        return bad(u"\"%1\" is not an IP address"_s.arg(host));
    return endpoint;
}

std::optional<model::VirtualHost> CliParse::site(const QString &text, QString *error)
{
    const qsizetype equals = text.indexOf(u'=');
    if (equals <= 0 || equals == text.size() - 1) {
        *error
            = u"bad site \"%1\" (expected HOST[,ALIAS...]=DIR, e.g. example.test,www.example.test=/srv/www)"_s
                  .arg(text);
        return std::nullopt;
    }
    const QStringList names = text.left(equals).split(u',', Qt::SkipEmptyParts);
    model::VirtualHost host;
    for (const QString &name : names) {
        // The window's rule (model::SiteValidator), the one storage and the control API apply.
        QString why;
        const QString trimmed = model::SiteValidator::normalizeHostName(name, &why);
        if (trimmed.isEmpty()) {
            *error = u"bad host name \"%1\" in --site %2: %3"_s.arg(name.trimmed(), text, why);
            return std::nullopt;
        }
        if (host.hostName.isEmpty())
            host.hostName = trimmed;
        else if (trimmed != host.hostName && !host.aliases.contains(trimmed))
            host.aliases.append(trimmed);
    }
    if (host.hostName.isEmpty()) {
        *error = u"bad site \"%1\": no host name before '='"_s.arg(text);
        return std::nullopt;
    }
    const std::optional<QString> root
        = directory(text.mid(equals + 1), u"--site %1"_s.arg(host.hostName), error);
    if (!root)
        return std::nullopt;
    host.documentRoot = *root;
    return host;
}

std::optional<model::Route> CliParse::route(const QString &text, QString *error)
{
    const qsizetype equals = text.indexOf(u'=');
    if (equals <= 0 || !text.startsWith(u'/') || text.left(equals).contains(u'?')) {
        *error
            = u"bad route \"%1\" (expected PATH=TEXT with an absolute path and no query, e.g. /hello=hello)"_s
                  .arg(text);
        return std::nullopt;
    }
    model::Route route;
    route.path = text.left(equals);
    route.status = 200;
    route.contentType = u"text/plain"_s;
    route.body = text.mid(equals + 1).toUtf8();
    return route;
}

std::optional<QPair<QByteArray, QByteArray>> CliParse::header(const QString &text, QString *error)
{
    model::BenchInput::HeaderProblem problem = model::BenchInput::HeaderProblem::None;
    const auto header = model::BenchInput::header(text, &problem);
    if (problem == model::BenchInput::HeaderProblem::BadName)
        *error = u"bad header \"%1\" (expected \"Name: value\", e.g. \"Accept: text/html\")"_s.arg(text);
    else if (problem == model::BenchInput::HeaderProblem::LineBreak)
        *error = u"bad header \"%1\": the value has a line break"_s.arg(text.left(text.indexOf(u':')));
    return header;
}

std::optional<qint64> CliParse::integer(
    const QString &text, const QString &flag, qint64 minimum, qint64 maximum, QString *error)
{
    bool ok = false;
    const qint64 value = text.trimmed().toLongLong(&ok);
    if (!ok || value < minimum || value > maximum) {
        *error = maximum == std::numeric_limits<qint64>::max()
            ? u"%1 must be a whole number of at least %2, not \"%3\""_s.arg(flag).arg(minimum).arg(text)
            : u"%1 must be a whole number from %2 to %3, not \"%4\""_s.arg(flag)
                  .arg(minimum)
                  .arg(maximum)
                  .arg(text);
        return std::nullopt;
    }
    return value;
}

std::optional<bool> CliParse::onOff(const QString &text, const QString &flag, QString *error)
{
    const QString value = text.trimmed();
    if (value != u"on"_s && value != u"off"_s) {
        *error = u"%1 takes on or off, not \"%2\""_s.arg(flag, value);
        return std::nullopt;
    }
    return value == u"on"_s;
}

std::optional<qint64> CliParse::hstsSeconds(const QString &text, QString *error)
{
    bool ok = false;
    const QString value = text.trimmed();
    const qint64 seconds = value.toLongLong(&ok);
    if (!ok || seconds < 0 || seconds > model::SiteTls::kMaxHstsSeconds) {
        *error = u"--hsts takes 0 (off) to %1 seconds (two years), not \"%2\""_s
                     .arg(model::SiteTls::kMaxHstsSeconds)
                     .arg(value);
        return std::nullopt;
    }
    return seconds;
}

std::optional<qint64> CliParse::seconds(const QString &text, const QString &flag, QString *error)
{
    const std::optional<qint64> ms = model::BenchInput::seconds(text);
    if (!ms)
        *error = u"%1 must be a number of seconds (e.g. 10 or 0.5), not \"%2\""_s.arg(flag, text);
    return ms;
}

std::optional<QString> CliParse::directory(const QString &text, const QString &flag, QString *error)
{
    const QFileInfo info(text);
    if (!text.isEmpty() && info.exists() && !info.isDir()) {
        *error = u"%1: \"%2\" is not a folder"_s.arg(flag, text);
        return std::nullopt;
    }
    if (text.isEmpty() || !info.isDir()) {
        *error = u"%1: the folder \"%2\" does not exist"_s.arg(flag, text);
        return std::nullopt;
    }
    return QDir::cleanPath(info.absoluteFilePath());
}

std::optional<QString> CliParse::value(const QCommandLineParser &parser, const QCommandLineOption &option)
{
    return parser.isSet(option) ? std::optional<QString>(parser.value(option)) : std::nullopt;
}

std::optional<int> CliParse::threads(const QString &text, QString *error)
{
    const std::optional<qint64> n = integer(text, u"--threads"_s, 1, kMaxThreads, error);
    return n ? std::optional<int>(int(*n)) : std::nullopt;
}

std::optional<model::ProxyRoute> CliParse::proxy(const QString &text, QString *error)
{
    const qsizetype equals = text.indexOf(u'=');
    const model::ProxyRoute proxy { text.left(equals).trimmed(), text.mid(equals + 1).trimmed() };
    const QString problem = equals < 0 ? u"no \"=\""_s : model::ProxyCheck::checkRoute(proxy);
    if (problem.isEmpty())
        return proxy;
    *error = u"bad proxy \"%1\": %2 (expected PATH=URL, e.g. /api=http://127.0.0.1:9000 or "
             "/=unix:/run/app.sock)"_s.arg(text, problem);
    return std::nullopt;
}

std::optional<QList<model::ProxyRoute>> CliParse::proxies(
    const QStringList &texts, const QString &flag, QString *error)
{
    QList<model::ProxyRoute> list;
    const bool off = std::any_of(
        texts.begin(), texts.end(), [](const QString &text) { return text.trimmed() == u"off"_s; });
    if (off && texts.size() == 1)
        return list;
    if (off) {
        *error = u"%1 off (no proxied path) cannot be combined with PATH=URL routes: give either off or the "
                 "routes"_s.arg(flag);
        return std::nullopt;
    }
    for (const QString &text : texts) {
        const std::optional<model::ProxyRoute> p = proxy(text, error);
        if (!p) {
            *error = flag + u": "_s + *error;
            return std::nullopt;
        }
        list.append(*p);
    }
    // A path given twice is refused, as the control API and the site dialog do.
    int row = -1;
    if (const QString problem = model::ProxyCheck::checkRoutes(list, &row); !problem.isEmpty()) {
        *error = flag + u": "_s + problem;
        return std::nullopt;
    }
    return list;
}

std::optional<SiteFlags> CliParse::siteFlags(const QStringList &sites,
    const std::optional<QString> &defaultRoot, const QStringList &routes, QString *error,
    const QStringList &proxyTexts)
{
    SiteFlags flags;
    const std::optional<QList<model::ProxyRoute>> proxyList = proxies(proxyTexts, u"--proxy"_s, error);
    if (!proxyList)
        return std::nullopt;
    flags.proxies = *proxyList;
    for (const QString &text : routes) {
        const std::optional<model::Route> r = route(text, error);
        if (!r) {
            *error = u"--route: "_s + *error;
            return std::nullopt;
        }
        SiteFlags::addRoute(flags.routes, *r);
    }
    QStringList names;
    for (const QString &text : sites) {
        std::optional<model::VirtualHost> host = site(text, error);
        if (!host)
            return std::nullopt;
        for (const QString &name : QStringList { host->hostName } + host->aliases) {
            if (names.contains(name)) {
                *error = u"the host name \"%1\" is given to two sites"_s.arg(name);
                return std::nullopt;
            }
            names.append(name);
        }
        flags.sites.append(*host);
    }
    if (defaultRoot) {
        const std::optional<QString> root = directory(*defaultRoot, u"--default"_s, error);
        if (!root)
            return std::nullopt;
        if (names.contains(u"localhost"_s)) {
            *error = u"--default serves the host \"localhost\", which a --site already names"_s;
            return std::nullopt;
        }
        model::VirtualHost host;
        host.hostName = u"localhost"_s;
        host.documentRoot = *root;
        host.isDefault = true;
        flags.sites.prepend(host);
    } else if (!flags.sites.isEmpty()) {
        flags.sites.first().isDefault = true;
    }
    return flags;
}

void SiteFlags::addRoute(QList<model::Route> &routes, const model::Route &route)
{
    routes.removeIf([&](const model::Route &existing) { return existing.path == route.path; });
    routes.append(route);
}

void SiteFlags::addProxy(QList<model::ProxyRoute> &proxies, const model::ProxyRoute &proxy)
{
    proxies.removeIf(
        [&](const model::ProxyRoute &existing) { return existing.pathPrefix == proxy.pathPrefix; });
    proxies.append(proxy);
}

void SiteFlags::addRoutesTo(model::VirtualHost &host) const
{
    for (const model::Route &route : routes)
        addRoute(host.routes, route);
    for (const model::ProxyRoute &proxy : proxies)
        addProxy(host.proxy.routes, proxy);
    if (app)
        host.proxy.app = *app;
    if (php)
        host.php = *php;
}

SiteOptions::SiteOptions(const QString &verb, bool proxies)
    : site(u"site"_s,
        u"%1 DIR for HOST and its aliases; repeatable. The first is the default host unless --default is "
        "given."_s.arg(verb),
        u"HOST[,ALIAS...]=DIR"_s)
    , defaultSite(u"default"_s,
          u"%1 DIR for every host name no --site claims (host \"localhost\")."_s.arg(verb), u"DIR"_s)
    , route(u"route"_s, u"Answers 200 text/plain TEXT on PATH on every site; repeatable."_s, u"PATH=TEXT"_s)
    , proxy(u"proxy"_s,
          u"Proxies PATH and below, on every site, to the app server at URL (http://HOST:PORT[/PATH] or "
          "unix:/path/to.sock); /=URL proxies the whole site; repeatable."_s,
          u"PATH=URL"_s)
    , app(u"On every site: "_s)
    , php(u"On every site: "_s)
    , withProxy(proxies)
{ }

QList<QCommandLineOption> SiteOptions::options() const
{
    if (withProxy)
        return QList<QCommandLineOption> { site, defaultSite, route, proxy } + app.options() + php.options();
    return { site, defaultSite, route };
}

std::optional<SiteFlags> SiteOptions::parse(const QCommandLineParser &parser, QString *error) const
{
    std::optional<SiteFlags> flags
        = CliParse::siteFlags(parser.values(site), CliParse::value(parser, defaultSite), parser.values(route),
            error, withProxy ? parser.values(proxy) : QStringList());
    if (!flags || !withProxy)
        return flags;
    const std::optional<AppFlags> appFlags = app.parse(parser, AppFlags::Use::Serve, error);
    if (!appFlags)
        return std::nullopt;
    if (appFlags->given())
        flags->app = appFlags->applyTo({});
    const std::optional<PhpFlags> phpFlags = php.parse(parser, PhpFlags::Use::Serve, error);
    if (!phpFlags)
        return std::nullopt;
    if (phpFlags->given())
        flags->php = phpFlags->applyTo({});
    return flags;
}

FlagReader::FlagReader(const QCommandLineParser &parser, const QString &command)
    : parser_(parser)
    , command_(command)
{ }

std::optional<QString> FlagReader::value(const QCommandLineOption &option) const
{
    return CliParse::value(parser_, option);
}

std::nullopt_t FlagReader::fail(const QString &error) const
{
    Console::fail(command_, error);
    return std::nullopt;
}

} // namespace hostbench::cli
