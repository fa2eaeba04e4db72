#pragma once

#include "control/ControlAnswer.h"
#include "control/ControlApi.h"

#include <optional>

namespace hostbench::control {

/*
 * The work of the control API's site routes (ControlApi's header gives
 * their statuses): GET and POST /api/sites, GET, PUT and DELETE
 * /api/sites/{host} (with the site's ETag, If-Match per RFC 9110 section
 * 13.1.1) and POST /api/engine/reload, on the callbacks of
 * ControlApi::setSites() and setReload(). ControlApi checks the token first.
 * Errors: every refusal is an RFC 9457 problem whose "field" names the
 * member at fault; a change stored that the engine did not reload a 409
 * with "stored": true and the reason. A site's app command (its
 * "proxy.app") runs programs as the user: a POST or PUT that sets or changes
 * it (or the document root it runs in, when its folder is left empty) is
 * refused with 403, "field": "proxy.app", unless the API listens on loopback
 * (setAppsAllowed()); reading it, and removing it, always work.
 * Thread: ControlApi's, which calls the callbacks on it.
 */
class ControlSites final
{
public:
    void setSites(ControlApi::Sites sites) { m_sites = std::move(sites); }
    void setReload(ControlApi::Reload reload) { m_reload = std::move(reload); }
    // Whether a request may set or change a site's app command (ControlApi::listen:
    // on a loopback listener only), and the address named in the refusal.
    void setAppsAllowed(bool allowed, const QString &listenAddress);

    // 409 while this instance has no stored sites (serve --site), else nullopt.
    std::optional<ControlAnswer> refuseWithoutSites() const;

    ControlAnswer list() const;
    ControlAnswer create(const ControlRequest &request) const;
    ControlAnswer show(const QString &host) const;
    // PUT: the members given replace the stored ones; the others stay.
    ControlAnswer replace(const QString &host, const ControlRequest &request) const;
    ControlAnswer remove(const QString &host, const ControlRequest &request) const;
    ControlAnswer reload() const;

private:
    // 403 when `after` sets or changes the app of `before` and apps are not allowed.
    std::optional<ControlAnswer> refuseApp(
        const model::VirtualHost &before, const model::VirtualHost &after) const;

    ControlApi::Sites m_sites;
    ControlApi::Reload m_reload;
    bool m_appsAllowed = false; // until listen() says the listener is loopback
    QString m_listenAddress;
};

} // namespace hostbench::control
