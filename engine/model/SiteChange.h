#pragma once

#include "model/VirtualHost.h"

#include <QString>

namespace hostbench::model {

/*
 * The outcome of one change to the stored sites (create, replace, remove),
 * as storage::SiteEdits makes it and the control API reports it: what
 * happened, the site's member at fault and why, and the site as stored.
 * Plain value; any thread.
 */
struct SiteChange
{
    enum class Result {
        Done, // stored in one transaction
        NotFound, // no site has that host name
        Invalid, // a value breaks SiteValidator's rules
        Conflict, // a name is another site's; the default site cannot go
        Failed, // the database refused (lastError in detail)
    };
    enum class Field {
        None,
        HostName,
        Aliases,
        DocumentRoot,
        Routes,
        Default,
        AccessLogPath,
        ErrorLogPath,
        ProxyRoutes,
        UpstreamTimeout,
        App,
        Php,
        TlsCertificate,
        TlsKey,
        Hsts
    };

    Result result = Result::Done;
    Field field = Field::None;
    QString detail;
    VirtualHost site; // as stored (names normalized, id set) when Done
    // Done, but the engine did not take the stored sites: why. It still
    // serves the ones it had (whoever stores the change reloads it).
    QString reloadError;
};

} // namespace hostbench::model
