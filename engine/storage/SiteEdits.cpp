#include "storage/SiteEdits.h"

#include "model/SiteValidator.h"
#include "storage/Database.h"

#include <QFileInfo>

namespace hostbench::storage {

using namespace Qt::StringLiterals;
using model::SiteChange;

namespace {

SiteChange outcome(SiteChange::Result result, SiteChange::Field field, const QString &detail)
{
    SiteChange change;
    change.result = result;
    change.field = field;
    change.detail = detail;
    return change;
}

SiteChange notFound(const QString &hostName)
{
    return outcome(SiteChange::Result::NotFound, SiteChange::Field::HostName,
        u"No site is named \"%1\""_s.arg(hostName));
}

// Normalizes the names as the dialog does, then checks the site against the
// others and its document root against the data folder that holds `database`.
SiteChange check(Database &database, model::VirtualHost &site, const QList<model::VirtualHost> &stored)
{
    QString reason;
    const QString hostName = model::SiteValidator::normalizeHostName(site.hostName, &reason);
    if (hostName.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::HostName, reason);
    site.hostName = hostName;
    for (QString &alias : site.aliases) {
        const QString name = model::SiteValidator::normalizeHostName(alias, &reason);
        if (name.isEmpty()) {
            return outcome(SiteChange::Result::Invalid, SiteChange::Field::Aliases,
                u"Alias \"%1\": %2"_s.arg(alias, reason));
        }
        alias = name;
    }
    const model::SiteValidator::Errors errors
        = model::SiteValidator::validate(site, stored, SiteEdits::dataFolder(database));
    if (!errors.hostName.isEmpty()) {
        return outcome(errors.hostNameTaken ? SiteChange::Result::Conflict : SiteChange::Result::Invalid,
            SiteChange::Field::HostName, errors.hostName);
    }
    if (!errors.aliases.isEmpty()) {
        return outcome(errors.aliasTaken ? SiteChange::Result::Conflict : SiteChange::Result::Invalid,
            SiteChange::Field::Aliases, errors.aliases);
    }
    if (!errors.documentRoot.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::DocumentRoot, errors.documentRoot);
    if (!errors.routes.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::Routes, errors.routes);
    if (!errors.proxies.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::ProxyRoutes, errors.proxies);
    if (!errors.upstreamTimeout.isEmpty())
        return outcome(
            SiteChange::Result::Invalid, SiteChange::Field::UpstreamTimeout, errors.upstreamTimeout);
    if (!errors.app.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::App, errors.app);
    if (!errors.php.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::Php, errors.php);
    if (!errors.tlsCertificate.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::TlsCertificate, errors.tlsCertificate);
    if (!errors.tlsKey.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::TlsKey, errors.tlsKey);
    if (!errors.hsts.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::Hsts, errors.hsts);
    if (!errors.accessLogPath.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::AccessLogPath, errors.accessLogPath);
    if (!errors.errorLogPath.isEmpty())
        return outcome(SiteChange::Result::Invalid, SiteChange::Field::ErrorLogPath, errors.errorLogPath);
    return {};
}

SiteChange save(Database &database, model::VirtualHost &site)
{
    if (!database.saveVirtualHost(site))
        return outcome(SiteChange::Result::Failed, SiteChange::Field::None, database.lastError());
    SiteChange change;
    change.site = site;
    return change;
}

const model::VirtualHost *named(const QList<model::VirtualHost> &sites, const QString &hostName)
{
    const QString name = hostName.trimmed().toLower();
    for (const model::VirtualHost &site : sites) {
        if (site.hostName == name)
            return &site;
    }
    return nullptr;
}

} // namespace

QString SiteEdits::dataFolder(const Database &database)
{
    return database.filePath().isEmpty() ? QString() : QFileInfo(database.filePath()).absolutePath();
}

SiteChange SiteEdits::find(Database &database, const QString &hostName)
{
    const QList<model::VirtualHost> stored = database.virtualHosts();
    const model::VirtualHost *site = named(stored, hostName);
    if (!site)
        return notFound(hostName);
    SiteChange change;
    change.site = *site;
    return change;
}

SiteChange SiteEdits::create(Database &database, model::VirtualHost site)
{
    const QList<model::VirtualHost> stored = database.virtualHosts();
    site.id = 0;
    if (stored.isEmpty())
        site.isDefault = true; // as the Sites page: the first site is the default one
    SiteChange change = check(database, site, stored);
    return change.result == SiteChange::Result::Done ? save(database, site) : change;
}

SiteChange SiteEdits::replace(Database &database, const QString &hostName, model::VirtualHost site)
{
    const QList<model::VirtualHost> stored = database.virtualHosts();
    const model::VirtualHost *current = named(stored, hostName);
    if (!current)
        return notFound(hostName);
    site.id = current->id;
    if (current->isDefault && !site.isDefault) {
        return outcome(SiteChange::Result::Conflict, SiteChange::Field::Default,
            u"\"%1\" is the default site: make another site the default instead"_s.arg(current->hostName));
    }
    SiteChange change = check(database, site, stored);
    return change.result == SiteChange::Result::Done ? save(database, site) : change;
}

SiteChange SiteEdits::remove(Database &database, const QString &hostName)
{
    const QList<model::VirtualHost> stored = database.virtualHosts();
    const model::VirtualHost *current = named(stored, hostName);
    if (!current)
        return notFound(hostName);
    if (current->isDefault) {
        return outcome(SiteChange::Result::Conflict, SiteChange::Field::Default,
            u"\"%1\" is the default site and cannot be removed: make another site the default "
            "first"_s.arg(current->hostName));
    }
    SiteChange change;
    change.site = *current;
    if (!database.removeVirtualHost(current->id))
        return outcome(SiteChange::Result::Failed, SiteChange::Field::None, database.lastError());
    return change;
}

} // namespace hostbench::storage
