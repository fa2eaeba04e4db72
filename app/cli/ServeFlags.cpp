#include "cli/ServeFlags.h"

#include "tls/ServerContext.h"

#include <QFileInfo>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

void ServeFlags::SiteLogs::applyTo(QList<model::VirtualHost> &hosts) const
{
    for (model::VirtualHost &host : hosts) {
        host.accessLogEnabled = accessLog && !accessLog->isEmpty();
        host.accessLogPath = accessLog.value_or(QString());
        host.errorLogEnabled = errorLog && !errorLog->isEmpty();
        host.errorLogPath = errorLog.value_or(QString());
        host.directoryListing = listing;
    }
}

std::optional<model::ServerConfig> ServeFlags::listen(
    const std::optional<QString> &listen, const std::optional<QString> &threads, QString *error)
{
    model::ServerConfig config;
    config.listenAddress = u"127.0.0.1"_s;
    config.port = model::ServerConfig::kDefaultPort;
    config.portFallback = true;
    if (listen) {
        const std::optional<Endpoint> endpoint = CliParse::endpoint(*listen, error);
        if (!endpoint) {
            *error = u"--listen: "_s + *error;
            return std::nullopt;
        }
        config.listenAddress = endpoint->address.toString();
        config.port = endpoint->port;
        config.portFallback = false; // the user asked for this port
    }
    if (threads) {
        const std::optional<int> n = CliParse::threads(*threads, error);
        if (!n)
            return std::nullopt;
        config.threads = *n;
    }
    return config;
}

bool ServeFlags::listenTls(const std::optional<QString> &text, model::ServerConfig &config, QString *error)
{
    config.tlsEnabled = false;
    if (!text)
        return true;
    const std::optional<Endpoint> endpoint = CliParse::endpoint(*text, error);
    if (!endpoint) {
        *error = u"--listen-tls: "_s + *error;
        return false;
    }
    config.tlsEnabled = true;
    config.tlsListenAddress = endpoint->address.toString();
    config.tlsPort = endpoint->port;
    return true;
}

std::optional<QString> ServeFlags::pidFile(const std::optional<QString> &text, QString *error)
{
    if (!text)
        return QString();
    if (text->trimmed().isEmpty()) {
        *error = u"--pid-file needs a file"_s;
        return std::nullopt;
    }
    return QFileInfo(*text).absoluteFilePath();
}

std::optional<ServeFlags::SiteLogs> ServeFlags::siteLogs(const std::optional<QString> &accessLog,
    const std::optional<QString> &errorLog, bool listing, bool explicitSites, QString *error)
{
    const std::initializer_list<std::pair<QString, bool>> given { { u"access-log"_s, accessLog.has_value() },
        { u"error-log"_s, errorLog.has_value() }, { u"listing"_s, listing } };
    for (const auto &[name, isSet] : given) {
        if (isSet && !explicitSites) {
            *error = u"--%1 applies to the sites of --site / --default; stored sites use their own settings"_s
                         .arg(name);
            return std::nullopt;
        }
    }
    SiteLogs logs;
    logs.listing = listing;
    for (const auto &[name, text, log] : { std::tuple { u"access-log"_s, &accessLog, &logs.accessLog },
             std::tuple { u"error-log"_s, &errorLog, &logs.errorLog } }) {
        if (!*text)
            continue;
        const QString value = (*text)->trimmed();
        if (value.isEmpty()) {
            *error = u"--%1 needs a file or \"off\""_s.arg(name);
            return std::nullopt;
        }
        *log = value == u"off"_s ? u""_s : QFileInfo(value).absoluteFilePath();
    }
    return logs;
}

void ServeFlags::SiteHttps::applyTo(QList<model::VirtualHost> &hosts) const
{
    if (!given)
        return;
    for (model::VirtualHost &host : hosts)
        host.tls = tls;
}

std::optional<ServeFlags::SiteHttps> ServeFlags::siteHttps(const std::optional<QString> &certificate,
    const std::optional<QString> &key, const std::optional<QString> &redirect,
    const std::optional<QString> &hsts, bool explicitSites, bool tlsListener, QString *error)
{
    SiteHttps https;
    https.given = certificate || key || redirect || hsts;
    if (!https.given)
        return https;
    const QString names = u"--tls-cert, --tls-key, --https-redirect and --hsts"_s;
    if (!explicitSites) {
        *error = names
            + u" apply to the sites of --site / --default; stored sites use their own settings "
              "(hostbench-cli sites edit)"_s;
        return std::nullopt;
    }
    if (!tlsListener) {
        *error = names + u" need --listen-tls (the HTTPS listener they are for)"_s;
        return std::nullopt;
    }
    if (certificate.has_value() != key.has_value()) {
        *error = u"--tls-cert and --tls-key go together"_s;
        return std::nullopt;
    }
    for (const auto &[name, text, path] :
        { std::tuple { u"--tls-cert"_s, &certificate, &https.tls.certificatePath },
            std::tuple { u"--tls-key"_s, &key, &https.tls.keyPath } }) {
        if (!*text)
            continue;
        const QString value = (*text)->trimmed();
        if (value.isEmpty()) {
            *error = name + u" needs a file"_s;
            return std::nullopt;
        }
        *path = QFileInfo(value).absoluteFilePath();
    }
    // Refused here, as nginx refuses to start on a bad ssl_certificate: the
    // engine would otherwise warn and let the local CA's certificate stand in.
    if (const tls::ServerContext::FileProblems problems
        = tls::ServerContext::checkFiles(https.tls.certificatePath, https.tls.keyPath);
        !problems.isEmpty()) {
        *error = problems.certificate.isEmpty() ? u"--tls-key: "_s + problems.key
                                                : u"--tls-cert: "_s + problems.certificate;
        return std::nullopt;
    }
    if (redirect) {
        const std::optional<bool> on = CliParse::onOff(*redirect, u"--https-redirect"_s, error);
        if (!on)
            return std::nullopt;
        https.tls.redirectToHttps = *on;
    }
    if (hsts) {
        const std::optional<qint64> seconds = CliParse::hstsSeconds(*hsts, error);
        if (!seconds)
            return std::nullopt;
        https.tls.hstsMaxAgeSeconds = *seconds;
    }
    return https;
}

std::optional<ServeFlags::Control> ServeFlags::control(
    const std::optional<QString> &text, bool tokenRequired, QString *error)
{
    Control control;
    control.endpoint
        = Endpoint { QHostAddress(QHostAddress::LocalHost), model::ServerConfig::kDefaultControlPort };
    if (!text)
        return control;
    if (*text == u"off"_s) {
        control.endpoint.reset();
        return control;
    }
    control.endpoint = CliParse::endpoint(*text, error);
    control.given = true;
    if (!control.endpoint) {
        *error = u"--control: "_s + *error;
        return std::nullopt;
    }
    if (!control.endpoint->address.isLoopback() && !tokenRequired) {
        *error = u"--control: the control API listens on loopback only (127.0.0.1 or [::1]), not %1, unless "
                 "--control-token-required is given"_s.arg(control.endpoint->address.toString());
        return std::nullopt;
    }
    return control;
}

} // namespace hostbench::cli
