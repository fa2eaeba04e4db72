#include "control/ControlSites.h"

#include "control/ControlFormat.h"
#include "control/PhpJson.h"
#include "control/SiteJson.h"

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

QString fieldName(model::SiteChange::Field field)
{
    switch (field) {
    case model::SiteChange::Field::None:
        break;
    case model::SiteChange::Field::HostName:
        return u"host"_s;
    case model::SiteChange::Field::Aliases:
        return u"aliases"_s;
    case model::SiteChange::Field::DocumentRoot:
        return u"document_root"_s;
    case model::SiteChange::Field::Routes:
        return u"routes"_s;
    case model::SiteChange::Field::Default:
        return u"default"_s;
    case model::SiteChange::Field::AccessLogPath:
        return u"access_log_path"_s;
    case model::SiteChange::Field::ErrorLogPath:
        return u"error_log_path"_s;
    case model::SiteChange::Field::ProxyRoutes:
        return u"proxy.routes"_s;
    case model::SiteChange::Field::UpstreamTimeout:
        return u"proxy.timeout_ms"_s;
    case model::SiteChange::Field::App:
        return u"proxy.app"_s;
    case model::SiteChange::Field::Php:
        return u"php"_s;
    case model::SiteChange::Field::TlsCertificate:
        return u"tls.certificate"_s;
    case model::SiteChange::Field::TlsKey:
        return u"tls.key"_s;
    case model::SiteChange::Field::Hsts:
        return u"tls.hsts_max_age"_s;
    }
    return {};
}

// A refused change as a problem; nullopt when it was done. `sent`: the site
// as the request would store it, whose PHP settings name the member at
// fault ("php.address") when PHP is.
std::optional<ControlAnswer> refusedChange(
    const model::SiteChange &change, const model::VirtualHost *sent = nullptr)
{
    const QString field = change.field == model::SiteChange::Field::Php && sent ? PhpJson::field(sent->php)
                                                                                : fieldName(change.field);
    switch (change.result) {
    case model::SiteChange::Result::Done:
        return std::nullopt;
    case model::SiteChange::Result::NotFound:
        return ControlAnswer::problem(404, change.detail, field);
    case model::SiteChange::Result::Invalid:
        return ControlAnswer::problem(422, change.detail, field);
    case model::SiteChange::Result::Conflict:
        return ControlAnswer::problem(409, change.detail, field);
    case model::SiteChange::Result::Failed:
        break;
    }
    return ControlAnswer::problem(500, change.detail, field);
}

// A change stored whose reload failed: not a success (409), though stored;
// nullopt when the engine took it.
std::optional<ControlAnswer> notReloaded(const model::SiteChange &change)
{
    if (change.reloadError.isEmpty())
        return std::nullopt;
    QJsonObject problem = ControlFormat::problem(409,
        u"Stored, but the engine did not reload: %1; it still serves the previous configuration"_s.arg(
            change.reloadError));
    problem.insert(u"stored"_s, true);
    problem.insert(u"reason"_s, change.reloadError);
    return ControlAnswer::problem(problem, 409);
}

// The refusal of a change, or of its reload; nullopt when the engine took it.
std::optional<ControlAnswer> notDone(
    const model::SiteChange &change, const model::VirtualHost *sent = nullptr)
{
    if (std::optional<ControlAnswer> refused = refusedChange(change, sent))
        return refused;
    return notReloaded(change);
}

// Reads a site from the request onto `site`; the problem when it cannot.
std::optional<ControlAnswer> readSite(const ControlRequest &request, model::VirtualHost &site, bool creating)
{
    QJsonObject json;
    if (std::optional<ControlAnswer> refused = request.readObject(&json))
        return refused;
    QString field;
    QString detail;
    if (!SiteJson::apply(json, site, &field, &detail))
        return ControlAnswer::problem(400, detail, field);
    if (creating) {
        for (const QString &required : { u"host"_s, u"document_root"_s }) {
            if (!json.contains(required))
                return ControlAnswer::problem(422, u"A new site needs \"%1\""_s.arg(required), required);
        }
    }
    return std::nullopt;
}

ControlAnswer siteAnswer(const model::VirtualHost &site, int status = 200)
{
    return ControlAnswer::json(SiteJson::toJson(site), status)
        .withHeader("ETag"_ba, SiteJson::entityTag(site));
}

// If-Match (RFC 9110 section 13.1.1): a change made on a site that another
// client changed since this one read it is refused with 412.
std::optional<ControlAnswer> refuseStale(const ControlRequest &request, const model::VirtualHost &current)
{
    const QByteArray ifMatch = request.ifMatch.trimmed();
    if (ifMatch.isEmpty() || ifMatch == "*")
        return std::nullopt;
    const QByteArray tag = SiteJson::entityTag(current);
    for (const QByteArray &candidate : ifMatch.split(',')) {
        if (candidate.trimmed() == tag)
            return std::nullopt;
    }
    return ControlAnswer::problem(412,
        u"The site %1 changed since it was read (If-Match %2, now %3): read it "
        "again"_s.arg(current.hostName, QString::fromLatin1(ifMatch), QString::fromLatin1(tag)));
}

// The app as it would run: its folder, when left empty, is the document root.
model::AppCommand effectiveApp(const model::VirtualHost &site)
{
    model::AppCommand app = site.proxy.app;
    if (app.workingDir.isEmpty())
        app.workingDir = site.documentRoot;
    return app;
}

} // namespace

void ControlSites::setAppsAllowed(bool allowed, const QString &listenAddress)
{
    m_appsAllowed = allowed;
    m_listenAddress = listenAddress;
}

std::optional<ControlAnswer> ControlSites::refuseApp(
    const model::VirtualHost &before, const model::VirtualHost &after) const
{
    if (m_appsAllowed || !after.proxy.app.isSet() || effectiveApp(before) == effectiveApp(after))
        return std::nullopt;
    return ControlAnswer::problem(403,
        u"This control API listens on %1, not on loopback: it does not set or change a site's app command, "
        "which runs programs as the user who runs Hostbench. Set it on this machine (the site dialog, or "
        "hostbench-cli sites with the control API on loopback); removing the app is allowed"_s.arg(
            m_listenAddress),
        u"proxy.app"_s);
}

std::optional<ControlAnswer> ControlSites::refuseWithoutSites() const
{
    if (m_sites.list)
        return std::nullopt;
    return ControlAnswer::problem(409,
        u"This instance serves the sites given on its command line (--site, "
        "--default), not the stored ones"_s);
}

ControlAnswer ControlSites::list() const
{
    QJsonArray array;
    for (const model::VirtualHost &site : m_sites.list())
        array.append(SiteJson::toJson(site));
    return ControlAnswer::json(array);
}

ControlAnswer ControlSites::create(const ControlRequest &request) const
{
    model::VirtualHost site;
    if (std::optional<ControlAnswer> refused = readSite(request, site, true))
        return std::move(*refused);
    if (std::optional<ControlAnswer> refused = refuseApp(model::VirtualHost(), site))
        return std::move(*refused);
    const model::SiteChange change = m_sites.create(site);
    if (std::optional<ControlAnswer> refused = notDone(change, &site))
        return std::move(*refused);
    return siteAnswer(change.site, 201)
        .withHeader("Location"_ba, "/api/sites/"_ba + change.site.hostName.toUtf8());
}

ControlAnswer ControlSites::show(const QString &host) const
{
    const model::SiteChange found = m_sites.find(host);
    if (std::optional<ControlAnswer> refused = refusedChange(found))
        return std::move(*refused);
    return siteAnswer(found.site);
}

ControlAnswer ControlSites::replace(const QString &host, const ControlRequest &request) const
{
    const model::SiteChange found = m_sites.find(host);
    if (std::optional<ControlAnswer> refused = refusedChange(found))
        return std::move(*refused);
    if (std::optional<ControlAnswer> refused = refuseStale(request, found.site))
        return std::move(*refused);
    model::VirtualHost site = found.site;
    if (std::optional<ControlAnswer> refused = readSite(request, site, false))
        return std::move(*refused);
    if (std::optional<ControlAnswer> refused = refuseApp(found.site, site))
        return std::move(*refused);
    const model::SiteChange change = m_sites.replace(host, site);
    if (std::optional<ControlAnswer> refused = notDone(change, &site))
        return std::move(*refused);
    return siteAnswer(change.site);
}

ControlAnswer ControlSites::remove(const QString &host, const ControlRequest &request) const
{
    const model::SiteChange found = m_sites.find(host);
    if (std::optional<ControlAnswer> refused = refusedChange(found))
        return std::move(*refused);
    if (std::optional<ControlAnswer> refused = refuseStale(request, found.site))
        return std::move(*refused);
    const model::SiteChange removed = m_sites.remove(host);
    if (std::optional<ControlAnswer> refused = notDone(removed))
        return std::move(*refused);
    return ControlAnswer::empty(204);
}

ControlAnswer ControlSites::reload() const
{
    if (!m_reload)
        return ControlAnswer::problem(409, u"This instance cannot reload"_s);
    QString error;
    if (!m_reload(&error))
        return ControlAnswer::problem(
            409, u"The engine did not reload: %1; it still serves the previous configuration"_s.arg(error));
    return ControlAnswer::json(QJsonObject { { u"reloaded"_s, true } });
}

} // namespace hostbench::control
