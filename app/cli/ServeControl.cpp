#include "cli/ServeControl.h"

#include "cli/Console.h"
#include "instance/Instance.h"
#include "sys/PortHolder.h"

namespace hostbench::cli {

using namespace Qt::StringLiterals;

bool ServeControl::open(service::Instance &instance, const Endpoint &endpoint, bool tokenRequired)
{
    QString error;
    if (!instance.openControl(endpoint.address, endpoint.port, tokenRequired, &error)) {
        // "Address in use": by whom (a web server answering "File not found"
        // to hostbench-cli status otherwise looks like a broken Hostbench).
        const sys::PortHolder holder = sys::PortHolder::find(endpoint.port);
        if (endpoint.port != 0
            && (holder.result == sys::PortHolder::Result::Found
                || holder.result == sys::PortHolder::Result::Hidden))
            error += u" (port %1 is in use by %2)"_s.arg(QString::number(endpoint.port), holder.describe());
        Console::err(u"hostbench-cli serve: control API not started: "_s + error);
        return false;
    }
    Endpoint actual = endpoint;
    actual.port = instance.controlPort();
    Console::out(u"Control API on http://%1/api/status and /metrics; its token is in %2"_s.arg(
        actual.toString(), instance.tokenFile()));
    // hostbench-cli finds this instance through the data folder.
    if (!instance.writeEndpoint(&error))
        Console::err(u"hostbench-cli serve: "_s + error);
    if (!actual.address.isLoopback()) {
        Console::out(
            u"The control API listens on %1, which other machines may reach: every route, "
            "/metrics included, needs its token (--control-token-required)"_s.arg(actual.address.toString()));
    } else if (instance.tokenForMetrics()) {
        Console::out(u"The control API needs its token on /metrics too"_s);
    }
    return true;
}

} // namespace hostbench::cli
