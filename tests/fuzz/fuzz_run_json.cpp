// Fuzz target: the JSON that describes a benchmark run (RunJson: parameters
// and summary), as stored in SQLite and as the control API
// shows it (GET /api/runs/{id}). The control API's request bodies are
// fuzzed in fuzz_control_json.
// Properties: any JSON object reads without a crash, and what was read
// writes back and reads again to the same values (a fixed point after one
// round), so a stored run never changes by being read and written again.
#include "FuzzCheck.h"

#include "storage/RunJson.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstdint>

using hostbench::storage::RunJson;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > 65536)
        return 0;
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (!document.isObject())
        return 0;
    const QJsonObject object = document.object();

    const QJsonObject parameters = RunJson::toJson(RunJson::parametersFromJson(object));
    FUZZ_CHECK(RunJson::toJson(RunJson::parametersFromJson(parameters)) == parameters);

    const QJsonObject summary = RunJson::toJson(RunJson::summaryFromJson(object));
    FUZZ_CHECK(RunJson::toJson(RunJson::summaryFromJson(summary)) == summary);
    return 0;
}
