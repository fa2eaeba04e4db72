# Run by the tests layering_no_app_links and layering_service_headless
# (tests/layering/CMakeLists.txt):
#   cmake "-DVIOLATIONS=target (folder) links other;..." "-DRULE=the rule" -P check_links.cmake
# Fails, naming each link that breaks RULE, when VIOLATIONS is not empty.
cmake_minimum_required(VERSION 3.25)
if(VIOLATIONS)
    list(JOIN VIOLATIONS "\n  " VIOLATIONS)
    message(FATAL_ERROR "${RULE}:\n  ${VIOLATIONS}")
endif()
message(STATUS "${RULE}: no link breaks it.")
