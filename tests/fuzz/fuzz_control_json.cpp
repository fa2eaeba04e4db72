// Fuzz target: the control API's JSON request bodies: a site (SiteJson::apply,
// PUT and POST /api/sites) and a benchmark run (RunRequestJson::read,
// POST /api/runs). The input is the body as a client would send it.
// Properties:
//  - a refused body names the member at fault (or the body) and says why,
//    and a refused run is a 400 or a 422;
//  - an accepted site, shown with toJson() and applied again onto the same
//    starting site, gives the same site (the GET-then-PUT round trip loses
//    nothing), and its entity tag is stable;
//  - accepted run parameters, shown with toJson() and read again, are the
//    same parameters (a fixed point).
#include "FuzzCheck.h"

#include "control/RunRequestJson.h"
#include "control/SiteJson.h"
#include "model/BenchParameters.h"
#include "model/VirtualHost.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <cstdint>

using namespace hostbench;

namespace {

model::VirtualHost startingSite()
{
    model::VirtualHost site;
    site.id = 7;
    site.hostName = QStringLiteral("a.test");
    site.aliases = { QStringLiteral("www.a.test") };
    site.documentRoot = QStringLiteral("/srv/a");
    site.routes = { { QStringLiteral("/ok"), 200, QStringLiteral("text/plain"), "OK" } };
    site.errorPages = { { 404, QStringLiteral("/404.html") } };
    return site;
}

void checkSite(const QJsonObject &body)
{
    model::VirtualHost site = startingSite();
    QString field, detail;
    if (!control::SiteJson::apply(body, site, &field, &detail)) {
        FUZZ_CHECK(!detail.isEmpty());
        return;
    }
    const QJsonObject shown = control::SiteJson::toJson(site);
    model::VirtualHost again = startingSite();
    QString field2, detail2;
    FUZZ_CHECK(control::SiteJson::apply(shown, again, &field2, &detail2));
    FUZZ_CHECK(again == site);
    FUZZ_CHECK(control::SiteJson::toJson(again) == shown);
    FUZZ_CHECK(control::SiteJson::entityTag(again) == control::SiteJson::entityTag(site));
}

void checkRun(const QJsonObject &body)
{
    model::BenchParameters parameters;
    QString field, detail;
    int status = 0;
    if (!control::RunRequestJson::read(body, &parameters, &field, &detail, &status)) {
        FUZZ_CHECK(status == 400 || status == 422);
        FUZZ_CHECK(!detail.isEmpty());
        return;
    }
    const QJsonObject shown = control::RunRequestJson::toJson(parameters);
    model::BenchParameters again;
    QString field2, detail2;
    int status2 = 0;
    FUZZ_CHECK(control::RunRequestJson::read(shown, &again, &field2, &detail2, &status2));
    FUZZ_CHECK(control::RunRequestJson::toJson(again) == shown);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > 65536)
        return 0;
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (!document.isObject())
        return 0;
    checkSite(document.object());
    checkRun(document.object());
    return 0;
}
